/**
 * Links the codicon stylesheet (its font is a relative URL, and @vscode-elements' icons find the
 * link by its id) from the page's script rather than from its head: a stylesheet linked in the
 * head holds the page's first paint until VS Code's resource loader has served it (100–250 ms of
 * a new panel on two busy cores), and one linked from a script holds nothing. An icon drawn
 * before the font is there shows as it would with a slow font. Imported first by every entry, so
 * the link is there before any element of the page looks for it.
 */
const bundles = document.body.dataset.bundles;
if (bundles !== undefined) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.id = 'vscode-codicon-stylesheet';
  link.href = `${bundles}/codicon.css`;
  document.head.append(link);
}
