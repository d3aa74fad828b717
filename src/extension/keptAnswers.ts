/**
 * Answers kept a while per key: askers meanwhile share one request (its promise), and a failed
 * answer is not kept, so the next ask starts again. The code lenses' counts and failed nodes,
 * Hiera's fleet scopes and the blast radius' manifest paths are kept this way.
 */
export class KeptAnswers<T> {
  private readonly kept = new Map<string, { at: number; answer: Promise<T> }>();

  constructor(private readonly lifetimeMs: number) {}

  /** The answer kept for `key` if it is younger than the lifetime, else `ask()`'s, kept. */
  get(key: string, ask: () => Promise<T>, now = Date.now()): Promise<T> {
    const kept = this.kept.get(key);
    if (kept && now - kept.at < this.lifetimeMs) return kept.answer;
    const answer = ask();
    this.kept.set(key, { at: now, answer });
    answer.catch(() => {
      if (this.kept.get(key)?.answer === answer) this.kept.delete(key);
    });
    return answer;
  }

  /** Forgets every answer. */
  clear(): void {
    this.kept.clear();
  }
}
