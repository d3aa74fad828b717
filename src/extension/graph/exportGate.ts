import { randomBytes } from 'node:crypto';

export type ExportFormat = 'png' | 'svg';

/** What became of the page's request to export. */
export type ExportAsked<Target> =
  | { outcome: 'granted'; token: string; target: Target }
  | { outcome: 'cancelled' }
  /** A save dialog of this panel is open already: no second one over it. */
  | { outcome: 'busy' };

/**
 * The host's half of an export's handshake with its page. The page asks (the user pressed
 * Export as PNG or SVG); the host asks the user where to save it (the save dialog: the one
 * gesture the host sees itself, since a click inside a webview reaches the host only as the
 * page's word); only for a file chosen there does the page get a token, and the picture it then
 * sends is written only with that token, once, to that file.
 *
 * So a subverted page can write nothing the user did not place in the save dialog, cannot write
 * twice per answer, and cannot stack dialogs. Pure (no vscode): unit tested alone.
 */
export class ExportGate<Target> {
  private choosing = false;
  private granted: { token: string; format: ExportFormat; target: Target } | undefined;

  /**
   * Asks where the export goes (`choose`: the save dialog), unless this gate's dialog is open.
   * A new request withdraws any token given before it, used or not.
   */
  async ask(
    format: ExportFormat,
    choose: () => PromiseLike<Target | undefined>,
  ): Promise<ExportAsked<Target>> {
    if (this.choosing) return { outcome: 'busy' };
    this.granted = undefined;
    this.choosing = true;
    let target: Target | undefined;
    try {
      target = await choose();
    } finally {
      this.choosing = false;
    }
    if (target === undefined) return { outcome: 'cancelled' };
    const token = randomBytes(16).toString('hex');
    this.granted = { token, format, target };
    return { outcome: 'granted', token, target };
  }

  /**
   * Where the picture sent with `token` goes, or why it goes nowhere. Any try uses the token up,
   * so one answer in the save dialog writes one file at most.
   */
  take(token: string, format: ExportFormat): { target: Target } | { problem: string } {
    const granted = this.granted;
    this.granted = undefined;
    if (!granted) return { problem: 'no export was asked for in the save dialog' };
    if (token !== granted.token) return { problem: 'its token is not the one the host gave' };
    if (format !== granted.format) {
      return {
        problem: `it is a ${format.toUpperCase()}, and the file chosen was for a ${granted.format.toUpperCase()}`,
      };
    }
    return { target: granted.target };
  }
}
