/**
 * A file's text as the content of a `script` or `style` element: `</script` (`</style`) would end
 * the element early, and `<\/` means the same wherever it can occur in JavaScript (strings,
 * templates, regular expressions, comments) and in CSS strings.
 */
export function elementText(text: string, tag: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}
