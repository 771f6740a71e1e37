import { describe, expect, it } from 'vitest';
import { saysNotOffered } from './not-offered.ts';

describe('saysNotOffered', () => {
  it.each([404, 405, 501])('reads %i as not offered, with a token or without', (status) => {
    expect(saysNotOffered({ status, withoutToken: false })).toBe(true);
    expect(saysNotOffered({ status, withoutToken: true })).toBe(true);
  });

  it.each([401, 403])('reads %i as not offered only for a call made without a token', (status) => {
    expect(saysNotOffered({ status, withoutToken: true })).toBe(true);
    expect(saysNotOffered({ status, withoutToken: false })).toBe(false);
  });

  it('reads a web page answered with 200 as not offered, a JSON or CSV answer as offered', () => {
    expect(saysNotOffered({ status: 200, withoutToken: false, contentType: 'text/html; charset=utf-8' })).toBe(true);
    expect(saysNotOffered({ status: 200, withoutToken: false, contentType: 'application/json' })).toBe(false);
    expect(saysNotOffered({ status: 200, withoutToken: false, contentType: 'text/csv' })).toBe(false);
    expect(saysNotOffered({ status: 500, withoutToken: true, contentType: 'text/html' })).toBe(false);
    expect(saysNotOffered({ status: 400, withoutToken: false })).toBe(false);
  });
});
