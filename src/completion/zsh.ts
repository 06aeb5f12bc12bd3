/**
 * The zsh completion script (`_calctl`): the same tables and walk as bash, with descriptions for
 * subcommands, options and live values (`12  -- Reference Concert`). Works autoloaded from $fpath
 * and sourced (`source <(calctl completion zsh)`).
 */
import type { ProgramModel } from './model.js';
import { type Branch, buildTables, type Described, shCase } from './tables.js';

const HEADER = `#compdef calctl
# zsh completion for calctl. Generated from the command tree by scripts/gen-completions.mjs:
# do not edit. Install one of:
#   mkdir -p ~/.zfunc && calctl completion zsh > ~/.zfunc/_calctl
#     and in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath); autoload -U compinit && compinit
#   echo 'source <(calctl completion zsh)' >> ~/.zshrc   (after compinit)
`;

const ENGINE = String.raw`
# Live values (ids, slugs, profiles) from the active profile; silent and bounded by calctl itself.
__calctl_dyn() {
  local out line v d
  local -a vals run
  run=(command calctl)
  # calctl gives up after 1.5 s itself; timeout(1) also covers a slow start or a stuck exit
  (( $+commands[timeout] )) && run=(timeout -k 1 3 calctl)
  out=$($run \${__calctl_profile:+--profile} \${__calctl_profile:+$__calctl_profile} __complete "$@" 2>/dev/null) || return 1
  for line in \${(f)out}; do
    v=\${line%%$'\t'*}
    d=''
    [[ $line == *$'\t'* ]] && d=\${line#*$'\t'}
    vals+=("\${v//:/\\:}\${d:+:$d}")
  done
  (( \${#vals} )) || return 1
  _describe -t values 'value' vals
}

# Completes one value from its encoded spec ($1).
__calctl_values() {
  local -a spec vals
  spec=(\${=1})
  [[ $spec[1] == n ]] && return 1
  [[ $spec[2] == l ]] && compset -P '*,'
  case $spec[3] in
    choices) vals=(\${spec[4,-1]}); compadd -a vals ;;
    dynamic) __calctl_dyn \${spec[4,-1]} ;;
    profiles) __calctl_dyn profiles ;;
    file) _files ;;
    dir) _files -/ ;;
    atfile)
      if compset -P '@'; then
        _files
      else
        compadd -S '' -- @
        compadd -- -
      fi
      ;;
  esac
}

__calctl_describe() {
  local -a items
  items=(\${(f)2})
  (( \${#items} )) && _describe -t $1 $1 items
}

_calctl() {
  local __calctl_r='' __calctl_profile='' cpath='' w expect='' optional=''
  local -i i=2 nargs=0
  if (( CURRENT > 2 )) && [[ $words[2] == @?* ]]; then
    __calctl_profile=\${words[2]#@}
    i=3
  fi
  for (( ; i < CURRENT; i++ )); do
    w=$words[i]
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
        case $__calctl_r[1] in
          r) expect=$w ;;
          o)
            if (( i + 1 < CURRENT )) && [[ $words[i+1] == (true|false|yes|no|on|off|1|0) ]]; then
              (( i++ ))
            elif (( i == CURRENT - 1 )); then
              optional=$w
            fi
            ;;
        esac
        ;;
      *)
        __calctl_canon "$cpath|$w"
        if [[ -n $__calctl_r ]] && (( nargs == 0 )); then
          cpath=\${cpath:+$cpath }$__calctl_r
        else
          (( nargs++ ))
        fi
        ;;
    esac
  done
  if [[ -n $expect ]]; then
    __calctl_optval "$cpath|$expect"
    __calctl_values "$__calctl_r"
  elif [[ $PREFIX == --*=* ]]; then
    __calctl_optval "$cpath|\${PREFIX%%=*}"
    compset -P '*='
    __calctl_values "$__calctl_r"
  elif [[ $PREFIX == -* ]]; then
    __calctl_opts "$cpath"
    local own=$__calctl_r
    __calctl_opts :global
    __calctl_describe options "$own"$'\n'"$__calctl_r"
  elif [[ -n $optional ]]; then
    __calctl_optval "$cpath|$optional"
    __calctl_values "$__calctl_r"
  elif (( CURRENT == 2 )) && [[ $PREFIX == @* ]]; then
    compset -P '@'
    __calctl_dyn profiles
  else
    __calctl_subs "$cpath"
    if [[ -n $__calctl_r ]] && (( nargs == 0 )); then
      __calctl_describe commands "$__calctl_r"
    else
      __calctl_arg "$cpath|#"
      [[ -n $__calctl_r ]] || return 1
      local -i count=\${__calctl_r% *} k=$nargs
      local rep=\${__calctl_r#* }
      if (( k >= count )); then
        [[ $rep == v ]] || return 1
        k=$(( count - 1 ))
      fi
      __calctl_arg "$cpath|$k"
      __calctl_values "$__calctl_r"
    fi
  fi
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _calctl "$@"
else
  compdef _calctl calctl
fi
`;

const escapeColons = (word: string) => word.replace(/:/g, '\\:');

const described = (map: Map<string, Described[]>): Branch[] =>
  [...map].map(([path, words]) => ({
    patterns: [path],
    value: words.map(([w, d]) => (d ? `${escapeColons(w)}:${d}` : escapeColons(w))).join('\n'),
  }));

/** The zsh script for a program model. */
export function zshScript(model: ProgramModel): string {
  const t = buildTables(model);
  const fn = (name: string, branches: readonly Branch[]) => `${name}() {\n${shCase('"$1"', branches)}\n}\n`;
  return [
    HEADER,
    fn('__calctl_subs', described(t.subs)),
    fn('__calctl_canon', t.canon),
    fn('__calctl_opts', described(t.opts)),
    fn('__calctl_optval', t.optvals),
    fn('__calctl_arg', t.args),
    ENGINE.replace(/\\\$\{/g, '${').replace(/^\n/, ''),
  ].join('\n');
}
