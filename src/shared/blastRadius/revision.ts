/**
 * The revisions a Blast Radius range may name (a command's argument, a record kept across a
 * window reload): a ref name as `git check-ref-format --allow-onelevel` accepts it, or a commit id,
 * with `^` / `~N` steps after it (`<id>^`, a commit's parent). Never an option (no leading `-`),
 * never a range or a pathspec of its own: what passes can only name a commit.
 */

/** Longer than any ref a person names; a bound on what an argument may hold. */
const MAX_REVISION_CHARS = 255;

/** The `^` and `~N` steps after a ref (`main~2^`). */
const STEPS = /(?:\^|~\d*)*$/;

/** Whether `value` is a ref name or commit id, optionally followed by `^` / `~N` steps. */
export function isRevision(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REVISION_CHARS) {
    return false;
  }
  return isRefName(value.replace(STEPS, ''));
}

/** git check-ref-format's rules (one level allowed), and no leading `-`. */
export function isRefName(ref: string): boolean {
  if (ref.length === 0 || ref === '@' || ref.startsWith('-')) return false;
  // control characters, space and DEL anywhere; then ~ ^ : ? * [ \
  if ([...ref].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)) {
    return false;
  }
  if (/[~^:?*[\\]/.test(ref)) return false;
  if (ref.includes('..') || ref.includes('@{') || ref.includes('//')) return false;
  if (ref.startsWith('/') || ref.endsWith('/') || ref.endsWith('.')) return false;
  return ref
    .split('/')
    .every((component) => !component.startsWith('.') && !component.endsWith('.lock'));
}

/** A range as a title shows it: `base..head`, a commit id shortened to 8 characters, a name whole. */
export function rangeWords(range: { base: string; head: string }): string {
  const short = (revision: string) => revision.replace(/^([0-9a-f]{8})[0-9a-f]{32,56}/, '$1');
  return `${short(range.base)}..${short(range.head)}`;
}
