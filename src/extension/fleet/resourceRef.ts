/**
 * A resource reference as people type it (`Class[profile::web]`, `package['openssl']`) and as
 * PuppetDB stores it (`Class[Profile::Web]`, `Package[openssl]`). Pure: no vscode.
 */
export interface ResourceRef {
  type: string;
  title: string;
}

/** `Type[title]`, or undefined when `text` is not of that form. */
export function parseResourceRef(text: string): ResourceRef | undefined {
  const trimmed = text.trim();
  const open = trimmed.indexOf('[');
  if (open <= 0 || !trimmed.endsWith(']')) return undefined;
  const type = normaliseType(trimmed.slice(0, open));
  const title = unquote(trimmed.slice(open + 1, -1).trim());
  if (!type || !title) return undefined;
  return { type, title: type === 'Class' ? normaliseClassTitle(title) : title };
}

/** `profile::account` → `Profile::Account`: PuppetDB keeps types capitalised per segment. */
export function normaliseType(text: string): string | undefined {
  const segments = text.trim().replace(/^::/, '').split('::');
  if (segments.some((segment) => !/^[A-Za-z][\w]*$/.test(segment))) return undefined;
  return segments.map(capitalise).join('::');
}

/**
 * Class titles are stored capitalised per segment (`Profile::Web`), except the node's top scope
 * `main` (and `Settings`, which is capitalised already).
 */
export function normaliseClassTitle(title: string): string {
  const bare = title.replace(/^::/, '');
  if (bare === 'main') return bare;
  return bare.split('::').map(capitalise).join('::');
}

export function formatResourceRef({ type, title }: ResourceRef): string {
  return `${type}[${title}]`;
}

function capitalise(segment: string): string {
  return segment.charAt(0).toUpperCase() + segment.slice(1);
}

function unquote(text: string): string {
  const match = /^(['"])(.*)\1$/s.exec(text);
  return match ? match[2]! : text;
}
