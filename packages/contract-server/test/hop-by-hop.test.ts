// The proxy's hop-by-hop filter (RFC 9110 §7.6.1), on every answer and request.
import { describe, expect, it } from 'vitest';
import { withoutHopByHop } from '../src/proxy.ts';

describe('withoutHopByHop', () => {
  it('drops the fixed hop-by-hop headers and those Connection names, whatever their case', () => {
    const headers = {
      connection: 'keep-alive, X-Secret-Hop',
      'keep-alive': 'timeout=5',
      'Proxy-Authenticate': 'Basic',
      'x-secret-hop': '1',
      'content-type': 'application/json',
      etag: '"a"',
    };
    expect(withoutHopByHop(headers)).toEqual({ 'content-type': 'application/json', etag: '"a"' });
  });

  it('hands back the same headers, uncopied, when none is hop-by-hop', () => {
    const headers = { 'content-type': 'application/json', 'content-length': '2' };
    expect(withoutHopByHop(headers)).toBe(headers);
    expect(headers).toEqual({ 'content-type': 'application/json', 'content-length': '2' });
  });

  it('leaves the object given as it was, with a plain Connection as with a list', () => {
    const headers = { connection: 'Keep-Alive', 'keep-alive': 'timeout=72', te: 'trailers', 'content-length': '2' };
    expect(withoutHopByHop(headers)).toEqual({ 'content-length': '2' });
    expect(headers).toEqual({
      connection: 'Keep-Alive',
      'keep-alive': 'timeout=72',
      te: 'trailers',
      'content-length': '2',
    });
  });
});
