import { describe, expect, it } from 'vitest';
import { emailHtml } from '../src/delivery/email-html.ts';

describe('the HTML part of an email, from its text', () => {
  it('makes each address a link, without the full stop after it, and keeps paragraphs and lines', () => {
    const html = emailHtml(
      'High WAN latency (182 ms)\n\nSite: Pier 9\nOpen this alert in vNOC: https://noc.example.com/alerts?alert=1&status=cleared.',
    );
    expect(html).toContain('<p>High WAN latency (182 ms)</p>');
    expect(html).toContain(
      'Site: Pier 9<br>\nOpen this alert in vNOC: <a href="https://noc.example.com/alerts?alert=1&amp;status=cleared">https://noc.example.com/alerts?alert=1&amp;status=cleared</a>.</p>',
    );
  });

  it('escapes what people wrote (a ticket comment, a site name): no markup of theirs gets through', () => {
    const html = emailHtml(
      'Comment: <img src=x onerror=alert(1)> "quoted" & more\nhttp://a.example/"><script>',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; more');
    expect(html).toContain('<a href="http://a.example/">http://a.example/</a>&quot;&gt;&lt;script&gt;');
  });

  it('links nothing that is not http(s)', () => {
    expect(emailHtml('javascript:alert(1) and ftp://x.example')).not.toContain('<a ');
  });
});
