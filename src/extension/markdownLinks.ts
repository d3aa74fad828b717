/**
 * Our own command links in a MarkdownString trusted with exactly those commands
 * (`isTrusted: { enabledCommands: [...] }`). Their arguments may hold external text (a class name
 * from a manifest, a fact path from a .pql file): encoded whole, nothing in them can end the link
 * and start another one that the same trusted command would run with other arguments.
 */

/**
 * The query of a `command:id?…` link: the arguments as JSON, every character but letters,
 * digits and `-_.~` percent-encoded (encodeURIComponent leaves `()!*'`, and `)` ends a link).
 * VS Code decodes it back into the arguments.
 */
export function encodedCommandArguments(args: readonly unknown[]): string {
  return encodeURIComponent(JSON.stringify(args)).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
