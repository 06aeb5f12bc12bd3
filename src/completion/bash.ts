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
    file) __calctl_files -f "$value" "$__calctl_lead" ;;
    dir) __calctl_files -d "$value" "$__calctl_lead" ;;
    atfile)
      if [[ $value == @* ]]; then
        __calctl_files -f "\${value#@}" "$__calctl_lead@"
      else
        __calctl_c+=("$__calctl_lead-" "$__calctl_lead@")
      fi
      ;;
  esac
}

# Files for a value. $1: compgen action (-f, -d), $2: the path typed so far, $3: text before it.
# When readline replaces the path alone, it treats the candidates as file names (quoting, a / after
# a directory); when it also replaces text before it (@ stays in the word it replaces), the / is
# added here and no space follows a directory.
__calctl_files() {
  local f
  if ((__calctl_strip == \${#3})); then
    __calctl_fn=1
    compopt -o filenames 2>/dev/null
  fi
  while IFS= read -r f; do
    [[ -z $__calctl_fn && -d $f ]] && f+=/
    __calctl_c+=("$3$f")
  done < <(compgen "$1" -- "$2")
}

# Splits $1 into shell words with the quotes removed (__calctl_w; the last is the word being
# completed) and finds where the text readline replaces starts in that word, as readline does:
# after the last unquoted COMP_WORDBREAKS character (on it for @ and $, which readline keeps), or
# after an open quote. __calctl_strip: the length of the word before it.
__calctl_split() {
  local line=$1 c q='' word='' in=0 i bstrip=0 qstrip=0
  local breaks=\${COMP_WORDBREAKS-$' \t\n"\'@><=;|&(:'}
  for ((i = 0; i < \${#line}; i++)); do
    c=\${line:i:1}
    if [[ $q == "'" ]]; then
      if [[ $c == "'" ]]; then q=''; else word+=$c; fi
    elif [[ $c == '\' ]]; then
      in=1
      ((i++))
      c=\${line:i:1}
      # in double quotes a backslash quotes only dollar, backquote, double quote, backslash, newline
      [[ $q == '"' && $c != [\$\`\"\\$'\n'] ]] && word+='\'
      [[ $c == $'\n' ]] || word+=$c
    elif [[ $q == '"' ]]; then
      if [[ $c == '"' ]]; then q=''; else word+=$c; fi
    elif [[ $c == [[:space:]] ]]; then
      ((in)) && __calctl_w+=("$word")
      word='' in=0 bstrip=0
    elif [[ $c == [\'\"] ]]; then
      q=$c in=1 qstrip=\${#word}
    else
      in=1
      if [[ $breaks == *"$c"* ]]; then
        if [[ $c == [@\$] ]]; then bstrip=\${#word}; else bstrip=$((\${#word} + 1)); fi
      fi
      word+=$c
    fi
  done
  __calctl_w+=("$word")
  __calctl_open=$q
  if [[ -n $q ]]; then __calctl_strip=$qstrip; else __calctl_strip=$bstrip; fi
}

# Quotes a candidate for the command line (what readline would do for file names).
__calctl_quote() {
  local s=$1 c i
  __calctl_q=''
  for ((i = 0; i < \${#s}; i++)); do
    c=\${s:i:1}
    [[ $c == [[:space:]\'\"\\\$\`\;\&\|\<\>\(\)\*\?\[\]\!\{\}] ]] && __calctl_q+='\'
    __calctl_q+=$c
  done
}

_calctl() {
  local __calctl_strip=0 __calctl_open='' __calctl_fn='' __calctl_q
  local -a words=() __calctl_w=()
  __calctl_split "\${COMP_LINE:0:COMP_POINT}"
  words=("\${__calctl_w[@]}")
  local n=\${#words[@]}
  local cur=\${words[n - 1]} strip=$__calctl_strip
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
    [[ $w == "$cur"* ]] || continue
    w=\${w:strip}
    # readline quotes file names itself, and inserts text in an open quote as it is
    if [[ -z $__calctl_fn && -z $__calctl_open && $w == *[[:space:]\'\"\\\$\`\;\&\|\<\>\(\)\*\?\[\]\!\{\}]* ]]; then
      __calctl_quote "$w"
      w=$__calctl_q
    fi
    COMPREPLY+=("$w")
  done
  # a directory after @ (not completed as a file name): no space, the path goes on
  [[ -z $__calctl_fn && \${#COMPREPLY[@]} == 1 && $COMPREPLY == */ ]] && compopt -o nospace 2>/dev/null
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
