// @vitest-environment jsdom
// The browser's own layer: even HTML that never went through the server's sanitiser (an old
// row, a hand-written one) is harmless once on screen.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArticleBody } from './ArticleBody';

const HOSTILE = [
  '<p>ok</p><script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 1">',
  '<a href="javascript:window.__pwned=1">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<svg><script>window.__pwned=1</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))" onclick="x()">styled</div>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<form action="https://evil.example"><input name="p"></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
].join('');

describe('ArticleBody', () => {
  afterEach(cleanup);
  it('renders raw hostile HTML harmless: no script, no handler, no javascript: or data: URL', () => {
    (window as unknown as { __pwned?: number }).__pwned = undefined;
    render(<ArticleBody html={HOSTILE} lang="en" />);
    const body = screen.getByTestId('news-body');
    expect(body.textContent).toContain('ok');
    expect(body.querySelectorAll('script, iframe, svg, math, form, input, style')).toHaveLength(0);
    for (const el of body.querySelectorAll('*')) {
      for (const a of el.attributes) {
        expect(a.name.startsWith('on'), `${el.tagName} ${a.name}`).toBe(false);
        expect(a.name).not.toBe('style');
        expect(/^\s*(javascript|data|vbscript):/i.test(a.value), `${el.tagName} ${a.name}=${a.value}`).toBe(false);
      }
    }
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
  it('keeps allowed structure; links open apart with no referrer', () => {
    render(<ArticleBody html={'<h2>Head</h2><p><a href="https://example.com/a">link</a></p><ul><li>x</li></ul>'} />);
    const a = screen.getByRole('link', { name: 'link' });
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('heading', { name: 'Head' })).toBeTruthy();
  });
});
