/**
 * Package version ordering as each package manager defines it, so "older than 3.0.13" means
 * what the provider means: dpkg (Debian policy §5.6.12), rpm (`rpmvercmp`, with `~` and `^`),
 * RubyGems (`Gem::Version`) and pip (PEP 440). No maintained npm package covers all four (the
 * single-format ones are unmaintained or pull in Node APIs the webview can't use), so the
 * algorithms are written out here from their reference implementations, with the tricky cases
 * in test/unit/shared/packageVersions.test.ts. Every function returns <0, 0 or >0.
 */

export type VersionScheme = 'dpkg' | 'rpm' | 'gem' | 'pep440';

/** The ordering a Puppet package provider's versions follow (unknown providers: dpkg's, the most general). */
export function schemeOfProvider(provider: string): VersionScheme {
  const name = provider.toLowerCase();
  if (/^(yum|dnf|rpm|up2date|zypper|urpmi)$/.test(name)) return 'rpm';
  if (/gem$/.test(name)) return 'gem';
  if (/^pip\d*$/.test(name) || name === 'pipx') return 'pep440';
  return 'dpkg';
}

export function compareVersions(scheme: VersionScheme, a: string, b: string): number {
  switch (scheme) {
    case 'rpm':
      return compareRpm(a, b);
    case 'gem':
      return compareGem(a, b);
    case 'pep440':
      return comparePep440(a, b);
    default:
      return compareDpkg(a, b);
  }
}

export function compareProviderVersions(provider: string, a: string, b: string): number {
  return compareVersions(schemeOfProvider(provider), a, b);
}

// --- dpkg --------------------------------------------------------------------------------------

interface Evr {
  epoch: number;
  version: string;
  release: string | undefined;
}

/** `[epoch:]upstream[-revision]`: the revision is after the last hyphen, the epoch before the first colon. */
function splitEvr(text: string): Evr {
  const colon = text.indexOf(':');
  const epochText = colon > 0 && /^\d+$/.test(text.slice(0, colon)) ? text.slice(0, colon) : '';
  const rest = epochText ? text.slice(colon + 1) : text;
  const hyphen = rest.lastIndexOf('-');
  return {
    epoch: epochText ? Number(epochText) : 0,
    version: hyphen >= 0 ? rest.slice(0, hyphen) : rest,
    release: hyphen >= 0 ? rest.slice(hyphen + 1) : undefined,
  };
}

export function compareDpkg(a: string, b: string): number {
  const left = splitEvr(a.trim());
  const right = splitEvr(b.trim());
  if (left.epoch !== right.epoch) return left.epoch - right.epoch;
  return dpkgPart(left.version, right.version) || dpkgPart(left.release ?? '', right.release ?? '');
}

/** dpkg's weight of a non-digit character: `~` before the end, the end before letters, letters before the rest. */
function dpkgOrder(code: number | undefined): number {
  if (code === undefined) return 0;
  if (code === 126) return -1; // ~
  if (code >= 48 && code <= 57) return 0;
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return code;
  return code + 256;
}

const isDigit = (code: number | undefined) => code !== undefined && code >= 48 && code <= 57;

/** dpkg's `verrevcmp`: alternating non-digit and digit runs. */
function dpkgPart(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    let firstDiff = 0;
    while (
      (i < a.length && !isDigit(a.charCodeAt(i))) ||
      (j < b.length && !isDigit(b.charCodeAt(j)))
    ) {
      const ac = dpkgOrder(i < a.length ? a.charCodeAt(i) : undefined);
      const bc = dpkgOrder(j < b.length ? b.charCodeAt(j) : undefined);
      if (ac !== bc) return ac - bc;
      i++;
      j++;
    }
    while (a[i] === '0') i++;
    while (b[j] === '0') j++;
    while (isDigit(a.charCodeAt(i)) && isDigit(b.charCodeAt(j))) {
      if (!firstDiff) firstDiff = a.charCodeAt(i) - b.charCodeAt(j);
      i++;
      j++;
    }
    if (isDigit(a.charCodeAt(i))) return 1;
    if (isDigit(b.charCodeAt(j))) return -1;
    if (firstDiff) return firstDiff;
  }
  return 0;
}

// --- rpm ---------------------------------------------------------------------------------------

export function compareRpm(a: string, b: string): number {
  const left = splitEvr(a.trim());
  const right = splitEvr(b.trim());
  if (left.epoch !== right.epoch) return left.epoch - right.epoch;
  const version = rpmvercmp(left.version, right.version);
  // rpm compares releases only when both sides have one
  if (version !== 0 || left.release === undefined || right.release === undefined) return version;
  return rpmvercmp(left.release, right.release);
}

const isAlnum = (c: string | undefined) => c !== undefined && /[0-9A-Za-z]/.test(c);

/** rpm's `rpmvercmp` (rpm ≥ 4.15: `~` sorts before anything, `^` after the end but before more). */
function rpmvercmp(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while (i < a.length && !isAlnum(a[i]) && a[i] !== '~' && a[i] !== '^') i++;
    while (j < b.length && !isAlnum(b[j]) && b[j] !== '~' && b[j] !== '^') j++;
    if (a[i] === '~' || b[j] === '~') {
      if (a[i] !== '~') return 1;
      if (b[j] !== '~') return -1;
      i++;
      j++;
      continue;
    }
    if (a[i] === '^' || b[j] === '^') {
      if (i >= a.length) return -1;
      if (j >= b.length) return 1;
      if (a[i] !== '^') return 1;
      if (b[j] !== '^') return -1;
      i++;
      j++;
      continue;
    }
    if (i >= a.length || j >= b.length) break;
    const numeric = /\d/.test(a[i]!);
    const run = numeric ? /^\d+/ : /^[A-Za-z]+/;
    const left = run.exec(a.slice(i))?.[0] ?? '';
    const right = run.exec(b.slice(j))?.[0] ?? '';
    i += left.length;
    j += right.length;
    // a number is newer than letters
    if (right === '') return numeric ? 1 : -1;
    if (numeric) {
      const l = left.replace(/^0+/, '');
      const r = right.replace(/^0+/, '');
      if (l.length !== r.length) return l.length - r.length;
      if (l !== r) return l < r ? -1 : 1;
    } else if (left !== right) {
      return left < right ? -1 : 1;
    }
  }
  if (i >= a.length && j >= b.length) return 0;
  return i < a.length ? 1 : -1;
}

// --- RubyGems ------------------------------------------------------------------------------------

/** `Gem::Version#canonical_segments`: numbers and letter runs, trailing zeros of each part dropped. */
function gemSegments(version: string): Array<number | string> {
  const raw = (
    version
      .trim()
      .replace(/-/g, '.pre.')
      .match(/[0-9]+|[a-z]+/gi) ?? []
  ).map((s) => (/^\d/.test(s) ? Number(s) : s));
  const firstText = raw.findIndex((s) => typeof s === 'string');
  const release = firstText < 0 ? raw : raw.slice(0, firstText);
  const pre = firstText < 0 ? [] : raw.slice(firstText);
  const trim = (parts: Array<number | string>) => {
    const copy = [...parts];
    while (copy.length > 0 && copy[copy.length - 1] === 0) copy.pop();
    return copy;
  };
  return [...trim(release), ...trim(pre)];
}

export function compareGem(a: string, b: string): number {
  const left = gemSegments(a);
  const right = gemSegments(b);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const l = left[index] ?? 0;
    const r = right[index] ?? 0;
    if (l === r) continue;
    // a prerelease letter sorts before any number
    if (typeof l === 'string' && typeof r === 'number') return -1;
    if (typeof l === 'number' && typeof r === 'string') return 1;
    return l < r ? -1 : 1;
  }
  return 0;
}

// --- PEP 440 -------------------------------------------------------------------------------------

const PEP440 =
  /^v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d*))?(?:-(\d+)|[-_.]?(post|rev|r)[-_.]?(\d*))?(?:[-_.]?(dev)[-_.]?(\d*))?(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?$/i;

interface Pep440Key {
  epoch: number;
  release: number[];
  /** [phase, number]: phase -1 for a dev-only release, 0..2 for a/b/rc, 3 for none. */
  pre: [number, number];
  post: number;
  dev: number;
  local: Array<number | string>;
}

function pep440Key(version: string): Pep440Key | undefined {
  const match = PEP440.exec(version.trim());
  if (!match) return undefined;
  const [
    ,
    epoch,
    release,
    preLabel,
    preNumber,
    postImplicit,
    postLabel,
    postNumber,
    devLabel,
    devNumber,
    local,
  ] = match;
  const phase = preLabel
    ? ({ a: 0, alpha: 0, b: 1, beta: 1 }[preLabel.toLowerCase()] ?? 2)
    : undefined;
  const hasPost = postImplicit !== undefined || postLabel !== undefined;
  const parts = release!.split('.').map(Number);
  while (parts.length > 1 && parts[parts.length - 1] === 0) parts.pop();
  return {
    epoch: Number(epoch ?? 0),
    release: parts,
    pre:
      phase !== undefined
        ? [phase, Number(preNumber || 0)]
        : !hasPost && devLabel
          ? [-1, 0]
          : [3, 0],
    post: hasPost ? Number(postImplicit ?? (postNumber || 0)) : -1,
    dev: devLabel ? Number(devNumber || 0) : Number.POSITIVE_INFINITY,
    local: local
      ? local.split(/[-_.]/).map((s) => (/^\d+$/.test(s) ? Number(s) : s.toLowerCase()))
      : [],
  };
}

/** PEP 440 ordering; a version PEP 440 can't read falls back to dpkg's general ordering. */
export function comparePep440(a: string, b: string): number {
  const left = pep440Key(a);
  const right = pep440Key(b);
  if (!left || !right) return compareDpkg(a, b);
  if (left.epoch !== right.epoch) return left.epoch - right.epoch;
  for (let index = 0; index < Math.max(left.release.length, right.release.length); index++) {
    const diff = (left.release[index] ?? 0) - (right.release[index] ?? 0);
    if (diff) return diff;
  }
  const pre = left.pre[0] - right.pre[0] || left.pre[1] - right.pre[1];
  if (pre) return pre;
  if (left.post !== right.post) return left.post - right.post;
  if (left.dev !== right.dev) return left.dev < right.dev ? -1 : 1;
  for (let index = 0; index < Math.max(left.local.length, right.local.length); index++) {
    const l = left.local[index];
    const r = right.local[index];
    if (l === r) continue;
    if (l === undefined) return -1;
    if (r === undefined) return 1;
    // numeric local segments sort after alphanumeric ones
    if (typeof l !== typeof r) return typeof l === 'number' ? 1 : -1;
    return l < r ? -1 : 1;
  }
  return 0;
}
