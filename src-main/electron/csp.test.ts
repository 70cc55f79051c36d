import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './csp';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the Content-Security-Policy header', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('denies by default and allows only our own origin for scripts, workers and connections', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('allows no inline or evaluated script, no remote origin and no wildcard anywhere', () => {
    for (const [name, values] of csp) {
      if (name !== 'style-src') expect(values, name).not.toContain("'unsafe-inline'");
      expect(values, name).not.toContain("'unsafe-eval'");
      expect(values, name).not.toContain("'wasm-unsafe-eval'");
      for (const v of values) expect(v, name).not.toMatch(/^(\*|https?:|wss?:|blob:|file:)/);
    }
  });

  it('forbids framing, plugins, <base> and forms — what only a header can say included', () => {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
  });

  it('is sent with the other security headers', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
  });

  it('and the page keeps its own <meta> policy, without inline script', () => {
    const html = readFileSync(new URL('../../src-renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta).not.toBeNull();
    expect(directives(meta![1]!).get('script-src')).toEqual(["'self'"]);
  });
});
