/**
 * The output formats a command accepts when they are fewer than the global `-o/--output` offers
 * (export writes csv, ndjson or json only). Declared next to the command, read by the completion
 * model, so `-o <Tab>` offers what the command takes. No imports: commands load it at start-up.
 */
const declared = new WeakMap<object, readonly string[]>();

/** Declares the formats `cmd` accepts with -o/--output (in the order completion offers them). */
export function acceptsOutputFormats<T extends object>(cmd: T, formats: readonly string[]): T {
  declared.set(cmd, [...formats]);
  return cmd;
}

/** The formats declared for `cmd`, if any. */
export function declaredOutputFormats(cmd: object): readonly string[] | undefined {
  return declared.get(cmd);
}
