import { describe, expect, it } from 'vitest';
import { allowedOrigin, corsHeaders, preflightHeaders } from './cors';

describe('cors', () => {
  it('lets any origin read /v1 answers by default, never with credentials, exposing the rate-limit and request-id headers', () => {
    const headers = corsHeaders('https://integrator.example', '*');
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(headers['access-control-expose-headers']).toMatch(/RateLimit-Remaining.*X-Request-Id/);
    expect(headers).not.toHaveProperty('access-control-allow-credentials');
  });

  it('answers a preflight with the methods and headers the API uses', () => {
    const headers = preflightHeaders('https://integrator.example', '*');
    expect(headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
    expect(headers['access-control-allow-headers']).toBe('authorization, content-type, x-request-id');
  });

  it('with a list, echoes only listed origins and varies on Origin', () => {
    const list = ['https://a.example', 'http://localhost:5173'];
    expect(allowedOrigin('https://a.example', list)).toBe('https://a.example');
    expect(allowedOrigin('https://evil.example', list)).toBeNull();
    expect(corsHeaders('https://evil.example', list)).toEqual({ vary: 'Origin' });
    expect(preflightHeaders('http://localhost:5173', list)).toMatchObject({ 'access-control-allow-origin': 'http://localhost:5173', vary: 'Origin' });
    expect(corsHeaders(null, '*')).toEqual({});
  });
});
