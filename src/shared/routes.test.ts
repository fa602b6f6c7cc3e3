import { describe, expect, test } from 'vitest';
import { fillPath, serviceUrl, services } from './routes.ts';

describe('service paths', () => {
  test('a call is its service base plus its path', () => {
    expect(serviceUrl(services.login, 'renewLoginToken')).toBe('/service/login/api/v1/logintoken/renew');
    expect(serviceUrl(services.promotion, 'promotion', { name: 'SHOP_FOOTER' })).toBe(
      '/service/promotion/api/promotion/SHOP_FOOTER',
    );
  });

  test('a parameter cannot reach another path: it is URL-encoded', () => {
    expect(fillPath(services.newsletter.calls.confirmSubscriber.path, { token: '../a/b?c#d' })).toBe(
      '/newsletter-subscribers/..%2Fa%2Fb%3Fc%23d/doi',
    );
  });

  test('parameters are checked when compiling', () => {
    // @ts-expect-error a call with a parameter needs its value
    expect(serviceUrl(services.promotion, 'promotion')).toBe('/service/promotion/api/promotion/');
    // @ts-expect-error a call without parameters takes none
    expect(serviceUrl(services.login, 'login', { name: 'x' })).toBe('/service/login/api/v1/login');
  });
});
