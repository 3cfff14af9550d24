// Completion scripts generated from the command tree. Every table in them is
// keyed by the command's path, so each command completes its own values
// (`conn-string get --type` and `clusters create --type` differ). Two parts are
// dynamic: profile names (`cdba __complete profiles`: only names the
// profile-name rule allows) and cluster names, flex clusters' included (`cdba
// __complete clusters`, which asks the service briefly, caches, and is silent on any error), the
// latter asked with the -P, --project-id, --base-url and --api-version already
// on the line; and what a cluster has (`cdba __complete indexes|snapshots|restore-jobs
// <cluster>`) for the argument after the cluster of a search-indexes or backups verb, and
// for `backups restores create <cluster> --snapshot`. A flag whose value is a file
// (`<file>`, `<path>`) completes file names.
//
// Words are data, never code: bash's `compgen -W` expands its word list (a
// profile named `$(touch /tmp/x)` ran on TAB), so the bash script matches
// words against the typed prefix itself (_cdba_reply), as text.
import { flatten, type CommandInfo } from '../tree.js';

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

/** Positional arguments that name a profile, by command path. */
const PROFILE_ARG_COMMANDS = ['profile show', 'profile use', 'profile set', 'profile unset', 'profile remove', 'profile rename'];

/** The global flags that say where a command runs: passed on to the name lookups. */
const CONTEXT_FLAGS = ['-P', '--profile', '--project-id', '--base-url', '--api-version'];

/**
 * Arguments that name something the service lists, by the argument's name: what
 * `cdba __complete <list>` asks for (IDs are looked up as cluster names are).
 */
export const LISTED_ARGUMENTS: Readonly<Record<string, string>> = {
  'peer-id': 'peers',
  'container-id': 'containers',
  'service-id': 'private-endpoint-services',
  service: 'private-endpoint-services',
};

/**
 * What the first positional argument of a command is: a profile, an existing
 * cluster (`<cluster>`, or `<name>` of a clusters verb other than create, so
 * verbs added later are covered), an ID the service lists, fixed choices, or
 * nothing we can complete.
 */
export function argumentKind(info: CommandInfo): { kind: 'profile' | 'cluster' } | { kind: 'listed'; list: string } | { kind: 'choices'; choices: string[] } | undefined {
  const path = info.path.join(' ');
  const first = info.args[0];
  if (!first) return undefined;
  if (first.choices.length) return { kind: 'choices', choices: first.choices };
  if (PROFILE_ARG_COMMANDS.includes(path)) return { kind: 'profile' };
  if (first.name === 'cluster' || (info.path[0] === 'clusters' && info.path.length === 2 && first.name === 'name' && info.path[1] !== 'create')) return { kind: 'cluster' };
  // An env's name is its cluster's: env down and extend complete the clusters (env up takes a new name).
  if (info.path[0] === 'env' && first.name === 'name' && info.path[1] !== 'up') return { kind: 'cluster' };
  const list = LISTED_ARGUMENTS[first.name];
  if (list) return { kind: 'listed', list };
  return undefined;
}

/** What a command's second argument names, of the cluster its first names: what `cdba __complete <list> <cluster>` asks for. */
const CLUSTER_ITEMS: Readonly<Record<string, string>> = { index: 'indexes', 'snapshot-id': 'snapshots', 'job-id': 'restore-jobs' };

/** The list of the cluster's items a command's second positional argument is from, if it is one. */
export function clusterItem(info: CommandInfo): string | undefined {
  return info.args[0]?.name === 'cluster' ? CLUSTER_ITEMS[info.args[1]?.name ?? ''] : undefined;
}

/** Flags whose value is one of the cluster's items (a command whose first argument is <cluster>), and the words offered besides. */
const CLUSTER_ITEM_FLAGS: Readonly<Record<string, { list: string; also: string[] }>> = { '--snapshot': { list: 'snapshots', also: ['latest'] } };

/** A command's flags whose value names an item of its cluster. */
function clusterItemFlags(info: CommandInfo): Array<{ flag: string; list: string; also: string[] }> {
  if (info.args[0]?.name !== 'cluster') return [];
  return info.options.flatMap((o) => (o.long && CLUSTER_ITEM_FLAGS[o.long] ? [{ flag: o.long, ...CLUSTER_ITEM_FLAGS[o.long]! }] : []));
}

const words = (list: readonly string[]): string => list.join(' ');
/** The flags of a command whose value is a file (`--file <file>`, `--ca-file <path>`). */
const fileFlags = (info: CommandInfo): string[] =>
  info.options.filter((o) => o.takesValue && /<(file|path)>/.test(o.flags)).flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));
const flagsOf = (info: CommandInfo): string[] => info.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));
const unique = <T>(list: T[]): T[] => [...new Set(list)];

/** Every flag that takes a value, of any command: the word after one is its value, not an argument. */
const valueFlagsOf = (all: CommandInfo[]): string[] => unique(all.flatMap((c) => c.options.filter((o) => o.takesValue).flatMap((o) => [o.long, o.short])).filter((f): f is string => Boolean(f)));

export function bashScript(root: CommandInfo): string {
  const all = flatten(root);
  const globals = flagsOf(root);
  const valueFlags = valueFlagsOf(all);
  const key = (info: CommandInfo): string => info.path.join(' ');
  // A typed word (name or alias) under a path, to the canonical name of the subcommand.
  const childCases = all
    .flatMap((c) => c.subcommands.map((s) => `    ${[s.name, ...s.aliases].map((w) => `"${key(c)}|${w}"`).join('|')}) echo ${s.name} ;;`))
    .join('\n');
  const subcommandCases = all
    .filter((c) => c.subcommands.length)
    .map((c) => `    "${key(c)}") echo "${words(c.subcommands.flatMap((s) => [s.name, ...s.aliases]))}" ;;`)
    .join('\n');
  const defaultCases = all
    .filter((c) => c.defaultSubcommand)
    .map((c) => `    "${key(c)}") echo ${c.defaultSubcommand} ;;`)
    .join('\n');
  const flagCases = all.map((c) => `    "${key(c)}") echo "${words(unique([...flagsOf(c), ...globals]))}" ;;`).join('\n');
  const optionChoices = (info: CommandInfo, pattern: (flag: string) => string): string[] =>
    info.options.filter((o) => o.choices.length).flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)).map((f) => `    ${pattern(f)}) echo "${words(o.choices)}" ;;`));
  // A command's own flags first, then the global ones under any path.
  const choiceCases = unique([
    ...all.filter((c) => c.path.length).flatMap((c) => optionChoices(c, (f) => `"${key(c)}|${f}"`)),
    ...optionChoices(root, (f) => `*"|${f}"`),
  ]).join('\n');
  const fileCases = unique([
    ...all.filter((c) => c.path.length).flatMap((c) => fileFlags(c).map((f) => `    "${key(c)}|${f}") return 0 ;;`)),
    ...fileFlags(root).map((f) => `    *"|${f}") return 0 ;;`),
  ]).join('\n');
  const secondCases = all
    .filter((c) => clusterItem(c))
    .map((c) => `    "${key(c)}") echo ${clusterItem(c)} ;;`)
    .join('\n');
  const itemFlagCases = all
    .flatMap((c) => clusterItemFlags(c).map((f) => `    "${key(c)}|${f.flag}") echo "${words([f.list, ...f.also])}" ;;`))
    .join('\n');
  const argumentCases = all
    .map((c) => [c, argumentKind(c)] as const)
    .filter(([, kind]) => kind)
    .map(([c, kind]) => `    "${key(c)}") echo "${kind!.kind === 'choices' ? `choices ${words(kind!.choices)}` : kind!.kind === 'listed' ? `listed ${kind!.list}` : kind!.kind}" ;;`)
    .join('\n');
  return `# bash completion for cdba (generated by \`cdba completion bash\`)
_cdba_child() {
  case "$1|$2" in
${childCases}
  esac
}
_cdba_subcommands() {
  case "$1" in
${subcommandCases}
  esac
}
_cdba_default() {
  case "$1" in
${defaultCases}
  esac
}
_cdba_flags() {
  case "$1" in
${flagCases}
    *) echo "${words(globals)}" ;;
  esac
}
_cdba_choices() {
  case "$1|$2" in
${choiceCases}
  esac
}
_cdba_takes_file() {
  case "$1|$2" in
${fileCases}
  esac
  return 1
}
_cdba_argument() {
  case "$1" in
${argumentCases}
  esac
}
_cdba_second() {
  case "$1" in
${secondCases}
  esac
}
_cdba_item_flag() {
  case "$1|$2" in
${itemFlagCases}
  esac
}
# COMPREPLY: the words of $2 (separated by blanks or newlines) that start with
# $1, compared as text: never expanded, globbed or evaluated (compgen -W does).
_cdba_reply() {
  local rest="$2" w
  COMPREPLY=()
  while :; do
    rest="\${rest#"\${rest%%[![:space:]]*}"}"
    [[ -z "$rest" ]] && break
    w="\${rest%%[[:space:]]*}"
    rest="\${rest#"$w"}"
    [[ "$w" == "$1"* ]] && COMPREPLY+=("$w")
  done
}
# COMPREPLY: file names that start with $1, one word each however they are spelt.
_cdba_files() {
  local f
  COMPREPLY=()
  type compopt >/dev/null 2>&1 && compopt -o filenames 2>/dev/null
  while IFS= read -r f; do COMPREPLY+=("$f"); done < <(compgen -f -- "$1")
}
# -P, --project-id, --base-url and --api-version as typed on the line.
_cdba_context() {
  local i w
  _cdba_ctx=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    case "$w" in
      ${CONTEXT_FLAGS.join('|')}) [[ $((i + 1)) -lt $COMP_CWORD ]] && _cdba_ctx+=("$w" "\${COMP_WORDS[i+1]}") ;;
      ${CONTEXT_FLAGS.filter((f) => f.startsWith('--')).map((f) => `${f}=*`).join('|')}) _cdba_ctx+=("$w") ;;
    esac
  done
}
_cdba_profiles() {
  cdba __complete profiles 2>/dev/null
}
_cdba_clusters() {
  local -a _cdba_ctx
  _cdba_context
  cdba "\${_cdba_ctx[@]}" __complete clusters 2>/dev/null
}
_cdba_listed() {
  local -a _cdba_ctx
  _cdba_context
  cdba "\${_cdba_ctx[@]}" __complete "$1" 2>/dev/null
}
_cdba_of_cluster() {
  local -a _cdba_ctx
  _cdba_context
  cdba "\${_cdba_ctx[@]}" __complete "$1" "$2" 2>/dev/null
}
_cdba_argument_words() {
  local kind
  kind="$(_cdba_argument "$1")"
  case "$kind" in
    profile) _cdba_profiles ;;
    cluster) _cdba_clusters ;;
    listed\\ *) _cdba_listed "\${kind#listed }" ;;
    choices\\ *) echo "\${kind#choices }" ;;
  esac
}
_cdba() {
  local cur prev cmdpath="" i w child def first=""
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local value_flags=" ${words(valueFlags)} "
  local positionals=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    [[ "$value_flags" == *" \${COMP_WORDS[i-1]} "* ]] && continue
    if [[ $positionals -eq 0 ]]; then
      child="$(_cdba_child "$cmdpath" "$w")"
      if [[ -n "$child" ]]; then
        cmdpath="\${cmdpath:+$cmdpath }$child"
        continue
      fi
      # \`conn-string c1\`: the group's default subcommand takes the word.
      def="$(_cdba_default "$cmdpath")"
      [[ -n "$def" ]] && cmdpath="$cmdpath $def"
    fi
    positionals=$((positionals + 1))
    [[ $positionals -eq 1 ]] && first="$w"
  done
  case "$prev" in
    -P|--profile) _cdba_reply "$cur" "$(_cdba_profiles)"; return ;;
  esac
  local choices
  choices="$(_cdba_choices "$cmdpath" "$prev")"
  if [[ -n "$choices" ]]; then
    _cdba_reply "$cur" "$choices"; return
  fi
  # A flag whose value is an item of the cluster typed first (restores create --snapshot).
  local item
  item="$(_cdba_item_flag "$cmdpath" "$prev")"
  if [[ -n "$item" ]]; then
    [[ $positionals -ge 1 ]] && _cdba_reply "$cur" "\${item#* } $(_cdba_of_cluster "\${item%% *}" "$first")"
    return
  fi
  if _cdba_takes_file "$cmdpath" "$prev"; then
    _cdba_files "$cur"; return
  fi
  [[ "$value_flags" == *" $prev "* ]] && return
  if [[ "$cur" == -* ]]; then
    _cdba_reply "$cur" "$(_cdba_flags "$cmdpath")"; return
  fi
  # The second argument of a search-indexes or backups verb: what the cluster the first names has.
  local second
  second="$(_cdba_second "$cmdpath")"
  if [[ $positionals -eq 1 && -n "$second" ]]; then
    _cdba_reply "$cur" "$(_cdba_of_cluster "$second" "$first")"; return
  fi
  [[ $positionals -gt 0 ]] && return
  local subs
  subs="$(_cdba_subcommands "$cmdpath")"
  if [[ -n "$subs" ]]; then
    def="$(_cdba_default "$cmdpath")"
    [[ -n "$def" ]] && subs="$subs $(_cdba_argument_words "$cmdpath $def")"
    _cdba_reply "$cur" "$subs"; return
  fi
  _cdba_reply "$cur" "$(_cdba_argument_words "$cmdpath")"
}
complete -F _cdba cdba
`;
}

/**
 * zsh runs the bash function through bashcompinit, so both shells offer the same
 * words. (Hence no variable named `path` in it: zsh ties that one to PATH.)
 */
export function zshScript(root: CommandInfo): string {
  return `#compdef cdba
# zsh completion for cdba (generated by \`cdba completion zsh\`)
autoload -U +X bashcompinit && bashcompinit
${bashScript(root)}`;
}

const fishQuote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function fishScript(root: CommandInfo): string {
  const lines = [
    '# fish completion for cdba (generated by `cdba completion fish`)',
    'complete -c cdba -f',
    'function __cdba_profiles',
    '    cdba __complete profiles 2>/dev/null',
    'end',
    '# -P, --project-id, --base-url and --api-version as typed on the line.',
    'function __cdba_context',
    '    set -l tokens (commandline -opc)',
    '    for i in (seq 2 (count $tokens))',
    '        switch $tokens[$i]',
    `            case ${CONTEXT_FLAGS.join(' ')}`,
    '                set -l next (math $i + 1)',
    '                test $next -le (count $tokens); and printf "%s\\n" $tokens[$i] $tokens[$next]',
    `            case ${CONTEXT_FLAGS.filter((f) => f.startsWith('--')).map((f) => `'${f}=*'`).join(' ')}`,
    '                printf "%s\\n" $tokens[$i]',
    '        end',
    '    end',
    'end',
    'function __cdba_clusters',
    '    cdba (__cdba_context) __complete clusters 2>/dev/null',
    'end',
    'function __cdba_listed',
    '    cdba (__cdba_context) __complete $argv[1] 2>/dev/null',
    'end',
    '# The words after a command path (its first word, its length) that are neither flags nor flag values.',
    'function __cdba_positionals',
    '    set -l tokens (commandline -opc)',
    '    set -l at (contains -i -- $argv[1] $tokens); or return',
    '    set -l depth 2',
    '    set -q argv[2]; and set depth $argv[2]',
    `    set -l value_flags ${valueFlagsOf(flatten(root)).join(' ')}`,
    '    set -l skip 0',
    '    for token in $tokens[(math $at + $depth)..-1]',
    '        if test $skip -eq 1; set skip 0; continue; end',
    '        if contains -- $token $value_flags; set skip 1; continue; end',
    '        string match -q -- "-*" $token; and continue',
    '        echo $token',
    '    end',
    'end',
    '# What the cluster typed first has: __cdba_of_cluster <list> <first word of the path> <its length>.',
    'function __cdba_of_cluster',
    '    set -l words (__cdba_positionals $argv[2] $argv[3])',
    '    test (count $words) -ge 1; or return',
    '    cdba (__cdba_context) __complete $argv[1] $words[1] 2>/dev/null',
    'end',
  ];
  // Each segment of the path, by its name or an alias (`conn-string ls`).
  const all = flatten(root);
  const namesAt = (path: string[]): string[] => {
    const info = all.find((c) => c.path.join(' ') === path.join(' '));
    return info ? [info.name, ...info.aliases] : [path[path.length - 1]!];
  };
  const seen = (info: CommandInfo): string => info.path.map((_, i) => `__fish_seen_subcommand_from ${namesAt(info.path.slice(0, i + 1)).join(' ')}`).join('; and ');
  const condition = (info: CommandInfo): string => {
    if (info.path.length === 0) return '__fish_use_subcommand';
    const children = info.subcommands.flatMap((s) => [s.name, ...s.aliases]);
    return children.length ? `${seen(info)}; and not __fish_seen_subcommand_from ${children.join(' ')}` : seen(info);
  };
  for (const info of all) {
    for (const sub of info.subcommands) {
      lines.push(`complete -c cdba -n ${fishQuote(condition(info))} -a ${sub.name} -d ${fishQuote(sub.description)}`);
    }
    const kind = argumentKind(info);
    const source =
      kind?.kind === 'profile'
        ? '(__cdba_profiles)'
        : kind?.kind === 'cluster'
          ? '(__cdba_clusters)'
          : kind?.kind === 'listed'
            ? `(__cdba_listed ${kind.list})`
            : kind?.kind === 'choices'
              ? kind.choices.join(' ')
              : undefined;
    // The default subcommand's argument is also offered right after its group (`conn-string <TAB>`).
    const parent = all.find((p) => p.defaultSubcommand === info.name && p.subcommands.includes(info));
    const others = parent?.subcommands.filter((s) => s !== info).flatMap((s) => [s.name, ...s.aliases]) ?? [];
    // A group beside a step of the path means another command (`peering containers delete` is not `peering delete`).
    const beside = info.path.flatMap((step, i) => {
      const above = all.find((c) => c.path.join(' ') === info.path.slice(0, i).join(' '));
      return (above?.subcommands ?? []).filter((s) => s.name !== step && s.subcommands.length > 0).flatMap((s) => [s.name, ...s.aliases]);
    });
    const own = beside.length ? `${condition(info)}; and not __fish_seen_subcommand_from ${beside.join(' ')}` : condition(info);
    let where = parent ? `${seen(parent)}${others.length ? `; and not __fish_seen_subcommand_from ${others.join(' ')}` : ''}` : own;
    // A command whose second argument is an item of the cluster offers clusters for the first only.
    const item = clusterItem(info);
    const depth = info.path.length;
    if (item) where += `; and test (count (__cdba_positionals ${info.path[0]} ${depth})) -eq 0`;
    if (source) lines.push(`complete -c cdba -n ${fishQuote(where)} -a ${fishQuote(source)}`);
    if (item) lines.push(`complete -c cdba -n ${fishQuote(`${condition(info)}; and test (count (__cdba_positionals ${info.path[0]} ${depth})) -eq 1`)} -a ${fishQuote(`(__cdba_of_cluster ${item} ${info.path[0]} ${depth})`)}`);
    const itemFlags = clusterItemFlags(info);
    for (const o of info.options) {
      const parts = ['complete -c cdba'];
      if (info.path.length) parts.push(`-n ${fishQuote(seen(info))}`);
      if (o.long) parts.push(`-l ${o.long.replace(/^--/, '')}`);
      if (o.short) parts.push(`-s ${o.short.replace(/^-/, '')}`);
      // -x: only the listed values, no file names; -r: a free value, files offered.
      const itemFlag = itemFlags.find((f) => f.flag === o.long);
      const listed = o.choices.length > 0 || o.long === '--profile' || itemFlag !== undefined;
      if (o.takesValue) parts.push(listed ? '-x' : '-r');
      if (o.choices.length) parts.push(`-a ${fishQuote(o.choices.join(' '))}`);
      if (itemFlag) parts.push(`-a ${fishQuote(`${itemFlag.also.join(' ')} (__cdba_of_cluster ${itemFlag.list} ${info.path[0]} ${depth})`)}`);
      if (o.long === '--profile') parts.push(`-a ${fishQuote('(__cdba_profiles)')}`);
      parts.push(`-d ${fishQuote(o.description)}`);
      lines.push(parts.join(' '));
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell, root: CommandInfo): string {
  return shell === 'bash' ? bashScript(root) : shell === 'zsh' ? zshScript(root) : fishScript(root);
}
