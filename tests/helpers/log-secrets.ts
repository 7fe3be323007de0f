/**
 * Finds secrets in server log lines. Two nets:
 *
 * - shapes no log line may hold whatever produced it: argon2 password hashes, JWTs (access
 *   tokens, OAuth `state`), signed upload tokens (`<base64url JSON>.<MAC>`), share links whose
 *   token (in the path) was not replaced, and URLs whose secret query parameters (token, code,
 *   state, signature, X-Amz-…) were not replaced by [redacted];
 * - exact values the server handed out during the run (refresh tokens have no recognisable
 *   shape, OAuth codes come from the stand-in for Google), recorded by tests/helpers/server.ts.
 */

export interface SecretFinding {
  /** What was found, e.g. 'JWT' or 'issued secret (refresh_token)'. */
  kind: string;
  /** Where: file and line number, for the person reading the failure. */
  location: string;
  /** The start of the offending text, enough to find it, not the whole secret. */
  excerpt: string;
}

const SHAPES: Array<{ kind: string; pattern: RegExp }> = [
  { kind: 'argon2 password hash', pattern: /\$argon2(?:id|i|d)\$v=\d+\$/ },
  { kind: 'JWT or signed upload token', pattern: /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/ },
  { kind: 'unredacted share link token', pattern: /\/(?:share|public\/shares)\/(?!\[redacted\]|%5Bredacted%5D)[A-Za-z0-9_-]{16,}/ },
  {
    kind: 'unredacted secret query parameter',
    pattern: /[?&](?:token|code|state|signature|x-amz-signature|x-amz-credential|x-amz-security-token)=(?!\[redacted\]|%5Bredacted%5D)[^&\s"\\]/i,
  },
];

/** The part of a secret that is matched: its longest run of base64url characters (≥ 16). */
export function secretCore(secret: string): string | undefined {
  const runs = secret.match(/[A-Za-z0-9_-]{16,}/g) ?? [];
  return runs.sort((a, b) => b.length - a.length)[0];
}

/** Issued secrets by their core, with the label each was recorded under. */
export class IssuedSecrets {
  private readonly byCore = new Map<string, string>();
  private readonly lengths = new Set<number>();

  add(secret: string, label: string): void {
    const core = secretCore(secret);
    if (!core) return;
    this.byCore.set(core, label);
    this.lengths.add(core.length);
  }

  get size(): number {
    return this.byCore.size;
  }

  /**
   * The label of an issued secret inside `line`, if any. Every base64url run of the line is
   * checked at every offset for each recorded length, so a secret glued to other characters
   * (`4%2F<code>`) is still found; runs are short, so this stays linear in practice.
   */
  findIn(line: string): { label: string; core: string } | undefined {
    if (this.byCore.size === 0) return undefined;
    for (const [run] of line.matchAll(/[A-Za-z0-9_-]{16,}/g)) {
      for (const length of this.lengths) {
        for (let start = 0; start + length <= run.length; start++) {
          const core = run.slice(start, start + length);
          const label = this.byCore.get(core);
          if (label) return { label, core };
        }
      }
    }
    return undefined;
  }
}

/** Every finding in `lines` (one log file), each line reported once. */
export function scanLogLines(lines: readonly string[], issued: IssuedSecrets, file: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  lines.forEach((line, index) => {
    const location = `${file}:${index + 1}`;
    for (const { kind, pattern } of SHAPES) {
      const match = pattern.exec(line);
      if (match) {
        findings.push({ kind, location, excerpt: line.slice(Math.max(0, match.index - 40), match.index + 24) });
        return;
      }
    }
    const found = issued.findIn(line);
    if (found) {
      const at = line.indexOf(found.core);
      findings.push({ kind: `issued secret (${found.label})`, location, excerpt: line.slice(Math.max(0, at - 40), at + 12) });
    }
  });
  return findings;
}
