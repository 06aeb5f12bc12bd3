/**
 * The fish completion script: one function computes the candidates (`value<TAB>description`) from
 * the generated tables, the same walk as bash and zsh; live values come from `calctl __complete`.
 */
import type { ProgramModel } from './model.js';
import { type Branch, buildTables, type Described } from './tables.js';

const HEADER = `# fish completion for calctl. Generated from the command tree by scripts/gen-completions.mjs:
# do not edit. Install one of:
#   calctl completion fish > ~/.config/fish/completions/calctl.fish
#   calctl completion fish | source
`;

const ENGINE = String.raw`
# Live values (ids, slugs, profiles) from the active profile; silent and bounded by calctl itself.
function __calctl_dyn
    set -l run command calctl
    # calctl gives up after 1.5 s itself; timeout(1) also covers a slow start or a stuck exit
    command -q timeout; and set run timeout -k 1 3 calctl
    if test -n "$__calctl_profile"
        set -a run --profile $__calctl_profile
    end
    $run __complete $argv 2>/dev/null
    return 0
end

# Candidates for one value. $argv[1]: encoded spec, $argv[2]: typed value, $argv[3]: text before it.
function __calctl_values
    set -l spec (string split ' ' -- $argv[1])
    set -l value "$argv[2]"
    set -l lead "$argv[3]"
    test "$spec[1]" = n; and return
    if test "$spec[2]" = l; and string match -q '*,*' -- $value
        set lead "$lead"(string replace -r '[^,]*$' '' -- $value)
        set value (string replace -r '^.*,' '' -- $value)
    end
    switch $spec[3]
        case choices
            printf '%s\n' $lead$spec[4..-1]
        case dynamic
            for line in (__calctl_dyn $spec[4..-1])
                printf '%s\n' "$lead$line"
            end
        case profiles
            for line in (__calctl_dyn profiles)
                printf '%s\n' "$lead$line"
            end
        case file
            for f in (__fish_complete_path $value)
                printf '%s\n' "$lead$f"
            end
        case dir
            for f in (__fish_complete_directories $value)
                printf '%s\n' "$lead$f"
            end
        case atfile
            if string match -q '@*' -- $value
                for f in (__fish_complete_path (string sub -s 2 -- $value))
                    printf '%s\n' "$lead@$f"
                end
            else
                printf '%s\n' "$lead-"\t'stdin' "$lead@"\t'@file'
            end
    end
end

function __calctl_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -g __calctl_profile ''
    set -l cpath ''
    set -l expect ''
    set -l optional ''
    set -l nargs 0
    set -l i 2
    set -l n (count $tokens)
    if test $n -ge 2; and string match -qr '^@.' -- $tokens[2]
        set __calctl_profile (string sub -s 2 -- $tokens[2])
        set i 3
    end
    while test $i -le $n
        set -l w $tokens[$i]
        set i (math $i + 1)
        if test -n "$expect"
            test "$expect" = --profile; and set __calctl_profile $w
            set expect ''
            continue
        end
        switch $w
            case --
            case '--*=*'
                if test (string split -m 1 = -- $w)[1] = --profile
                    set __calctl_profile (string split -m 1 = -- $w)[2]
                end
            case '-?*'
                set -l spec (__calctl_optval "$cpath|$w")
                switch "$spec"
                    case 'r *'
                        set expect $w
                    case 'o *'
                        if test $i -le $n; and contains -- $tokens[$i] true false yes no on off 1 0
                            set i (math $i + 1)
                        else if test $i -gt $n
                            set optional $w
                        end
                end
            case '*'
                set -l c (__calctl_canon "$cpath|$w")
                if test -n "$c"; and test $nargs -eq 0
                    set cpath (string trim -- "$cpath $c")
                else
                    set nargs (math $nargs + 1)
                end
        end
    end
    if test -n "$expect"
        set -l spec (__calctl_optval "$cpath|$expect")
        __calctl_values "$spec" "$cur" ''
    else if string match -q -- '--*=*' $cur
        set -l parts (string split -m 1 = -- $cur)
        set -l spec (__calctl_optval "$cpath|$parts[1]")
        __calctl_values "$spec" "$parts[2]" "$parts[1]="
    else if string match -q -- '-*' $cur
        __calctl_opts "$cpath"
        __calctl_opts :global
    else if test -n "$optional"
        set -l spec (__calctl_optval "$cpath|$optional")
        __calctl_values "$spec" "$cur" ''
    else if test $n -eq 1; and string match -q -- '@*' $cur
        for line in (__calctl_dyn profiles)
            printf '%s\n' "@$line"
        end
    else
        set -l subs (__calctl_subs "$cpath")
        if test (count $subs) -gt 0; and test $nargs -eq 0
            printf '%s\n' $subs
        else
            set -l shape (string split ' ' -- (__calctl_arg "$cpath|#"))
            test (count $shape) -eq 2; or return
            set -l k $nargs
            if test $k -ge $shape[1]
                test "$shape[2]" = v; or return
                set k (math $shape[1] - 1)
            end
            set -l spec (__calctl_arg "$cpath|$k")
            __calctl_values "$spec" "$cur" ''
        end
    end
end

complete -c calctl -f -a '(__calctl_complete)'
`;

/** Quotes a string for fish (single quotes: only \ and ' are special). */
function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function fishSwitch(name: string, branches: readonly Branch[], lines: (value: string) => string[]): string {
  const out = [`function ${name}`, '    switch "$argv[1]"'];
  for (const b of branches) {
    out.push(`        case ${b.patterns.map(fishQuote).join(' ')}`);
    out.push(`            printf '%s\\n' ${lines(b.value).map(fishQuote).join(' ')}`);
  }
  out.push('    end', 'end', '');
  return out.join('\n');
}

const described = (map: Map<string, Described[]>): Branch[] =>
  [...map].map(([path, words]) => ({
    patterns: [path],
    value: words.map(([w, d]) => (d ? `${w}\t${d}` : w)).join('\n'),
  }));

/** The fish script for a program model. */
export function fishScript(model: ProgramModel): string {
  const t = buildTables(model);
  const single = (v: string) => [v];
  const multi = (v: string) => v.split('\n');
  return [
    HEADER,
    fishSwitch('__calctl_subs', described(t.subs), multi),
    fishSwitch('__calctl_canon', t.canon, single),
    fishSwitch('__calctl_opts', described(t.opts), multi),
    fishSwitch('__calctl_optval', t.optvals, single),
    fishSwitch('__calctl_arg', t.args, single),
    ENGINE.replace(/^\n/, ''),
  ].join('\n');
}
