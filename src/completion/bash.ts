/**
 * The bash completion script. Plain bash ≥ 4 (no bash-completion package needed): the words of the
 * line are rebuilt from COMP_LINE so `--output=js` and `@prod` survive COMP_WORDBREAKS, the command
 * path is walked with the generated tables, and live values come from `calctl __complete`.
 */
import type { ProgramModel } from './model.js';
import { type Branch, buildTables, shCase } from './tables.js';

const HEADER = `# bash completion for calctl. Generated from the command tree by scripts/gen-completions.mjs:
# do not edit. Install one of:
#   calctl completion bash > ~/.local/share/bash-completion/completions/calctl
#   echo 'source <(calctl completion bash)' >> ~/.bashrc
`;

const ENGINE = String.raw`
# Live values (ids, slugs, profiles) from the active profile; silent and bounded by calctl itself.
__calctl_dyn() {
  local out line
  local -a run=(command calctl)
  # calctl gives up after 1.5 s itself; timeout(1) also covers a slow start or a stuck exit
  command -v timeout >/dev/null 2>&1 && run=(timeout -k 1 3 calctl)
  out=$("\${run[@]}" \${__calctl_profile:+--profile "$__calctl_profile"} __complete "$@" 2>/dev/null) || return 0
  while IFS= read -r line; do
    [[ -n $line ]] && __calctl_c+=("$__calctl_lead\${line%%$'\t'*}")
  done <<<"$out"
}

# Candidates for one value. $1: encoded spec, $2: the value typed so far, $3: text before it (--x=).
__calctl_values() {
  local -a spec=($1)
  local value=$2 w f
  local __calctl_lead=$3
  [[ \${spec[0]} == n ]] && return 0
  if [[ \${spec[1]} == l && $value == *,* ]]; then
    __calctl_lead+=\${value%,*},
    value=\${value##*,}
  fi
  case \${spec[2]} in
    choices) for w in "\${spec[@]:3}"; do __calctl_c+=("$__calctl_lead$w"); done ;;
    dynamic) __calctl_dyn "\${spec[@]:3}" ;;
    profiles) __calctl_dyn profiles ;;
    file | dir)
      local kind=-f
      [[ \${spec[2]} == dir ]] && kind=-d
      while IFS= read -r f; do __calctl_c+=("$__calctl_lead$f"); done < <(compgen "$kind" -- "$value")
      [[ -z $__calctl_lead ]] && compopt -o filenames 2>/dev/null
      ;;
    atfile)
      if [[ $value == @* ]]; then
        while IFS= read -r f; do __calctl_c+=("$__calctl_lead@$f"); done < <(compgen -f -- "\${value#@}")
      else
        __calctl_c+=("$__calctl_lead-" "$__calctl_lead@")
      fi
      ;;
  esac
}

_calctl() {
  local line=\${COMP_LINE:0:COMP_POINT} pos=0 end=-1 j tok
  local -a words=()
  # Rebuild shell words: tokens that touch (no blank between) belong to one word.
  for ((j = 0; j <= COMP_CWORD; j++)); do
    tok=\${COMP_WORDS[j]}
    while ((pos < \${#line})) && [[ \${line:pos:1} == [[:space:]] ]]; do ((pos++)); done
    if ((j > 0 && pos == end)); then
      words[\${#words[@]} - 1]+=$tok
    else
      words+=("$tok")
    fi
    ((pos += \${#tok}))
    end=$pos
  done
  local n=\${#words[@]}
  local cur=\${words[n - 1]} raw=\${COMP_WORDS[COMP_CWORD]}
  local strip=$((\${#cur} - \${#raw}))
  local i=1 w cpath='' nargs=0 expect='' optional='' __calctl_r='' __calctl_profile=''
  local -a __calctl_c=()
  if ((n > 2)) && [[ \${words[1]} == @?* ]]; then
    __calctl_profile=\${words[1]#@}
    i=2
  fi
  for (( ; i < n - 1; i++)); do
    w=\${words[i]}
    if [[ -n $expect ]]; then
      [[ $expect == --profile ]] && __calctl_profile=$w
      expect=''
      continue
    fi
    case $w in
      --) ;;
      --*=*) [[ \${w%%=*} == --profile ]] && __calctl_profile=\${w#*=} ;;
      -?*)
        __calctl_optval "$cpath|$w"
        case \${__calctl_r:0:1} in
          r) expect=$w ;;
          o)
            if ((i + 1 < n - 1)) && [[ \${words[i + 1]} =~ ^(true|false|yes|no|on|off|1|0)$ ]]; then
              ((i++))
            elif ((i == n - 2)); then
              optional=$w
            fi
            ;;
        esac
        ;;
      *)
        __calctl_canon "$cpath|$w"
        if [[ -n $__calctl_r ]] && ((nargs == 0)); then
          cpath=\${cpath:+$cpath }$__calctl_r
        else
          ((nargs++))
        fi
        ;;
    esac
  done
  if [[ -n $expect ]]; then
    __calctl_optval "$cpath|$expect"
    __calctl_values "$__calctl_r" "$cur" ''
  elif [[ $cur == --*=* ]]; then
    __calctl_optval "$cpath|\${cur%%=*}"
    __calctl_values "$__calctl_r" "\${cur#*=}" "\${cur%%=*}="
  elif [[ $cur == -* ]]; then
    __calctl_opts "$cpath"
    __calctl_c=($__calctl_r)
    __calctl_opts :global
    __calctl_c+=($__calctl_r)
  elif [[ -n $optional ]]; then
    __calctl_optval "$cpath|$optional"
    __calctl_values "$__calctl_r" "$cur" ''
  elif ((n == 2)) && [[ $cur == @* ]]; then
    local __calctl_lead=@
    __calctl_dyn profiles
  else
    __calctl_subs "$cpath"
    if [[ -n $__calctl_r ]] && ((nargs == 0)); then
      __calctl_c=($__calctl_r)
    else
      __calctl_arg "$cpath|#"
      if [[ -n $__calctl_r ]]; then
        local count=\${__calctl_r% *} rep=\${__calctl_r#* } k=$nargs
        if ((k >= count)); then
          if [[ $rep == v ]]; then k=$((count - 1)); else k=-1; fi
        fi
        if ((k >= 0)); then
          __calctl_arg "$cpath|$k"
          __calctl_values "$__calctl_r" "$cur" ''
        fi
      fi
    fi
  fi
  COMPREPLY=()
  for w in "\${__calctl_c[@]}"; do
    [[ $w == "$cur"* ]] && COMPREPLY+=("\${w:strip}")
  done
  return 0
}

complete -F _calctl calctl
`;

const wordsOnly = (map: Map<string, ReadonlyArray<readonly [string, string]>>): Branch[] =>
  [...map].map(([path, words]) => ({ patterns: [path], value: words.map(([w]) => w).join(' ') }));

/** The bash script for a program model. */
export function bashScript(model: ProgramModel): string {
  const t = buildTables(model);
  const fn = (name: string, subject: string, branches: readonly Branch[]) =>
    `${name}() {\n${shCase(subject, branches)}\n}\n`;
  return [
    HEADER,
    fn('__calctl_subs', '"$1"', wordsOnly(t.subs)),
    fn('__calctl_canon', '"$1"', t.canon),
    fn('__calctl_opts', '"$1"', wordsOnly(t.opts)),
    fn('__calctl_optval', '"$1"', t.optvals),
    fn('__calctl_arg', '"$1"', t.args),
    ENGINE.replace(/\\\$\{/g, '${').replace(/^\n/, ''),
  ].join('\n');
}
