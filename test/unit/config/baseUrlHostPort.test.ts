// Base URLs as a class: both checks (settings and transport) refuse hosts and
// ports nothing can be reached at, and name a port out of range.
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { validateBaseUrl } from '../../../src/config/validate.js';
import { checkBaseUrl } from '../../../src/api/transport.js';

describe('base URL host and port', () => {
  test.each([
    ['http://127.0.0.1:0', /port 0 is not a port to connect to/],
    ['https://cloud.example:0/', /port 0 is not a port to connect to/],
    ['http://127.0.0.1:00000', /port 0 is not a port to connect to/],
    ['https://0.0.0.0', /0\.0\.0\.0 is not an address to connect to/],
    ['https://0.0.0.0:8443', /0\.0\.0\.0 is not an address to connect to/],
    ['https://[::]:8443', /:: is not an address to connect to/],
    ['https://[0:0:0:0:0:0:0:0]', /:: is not an address to connect to/],
  ])('%s is refused by both checks', (url, message) => {
    expect(() => validateBaseUrl(url)).toThrow(UsageError);
    expect(() => validateBaseUrl(url)).toThrow(message);
    expect(() => checkBaseUrl(url)).toThrow(message);
  });

  test.each(['http://127.0.0.1:65536', 'https://cloud.example:99999', 'http://[::1]:70000/'])('%s: the port is named as out of range', (url) => {
    expect(() => validateBaseUrl(url)).toThrow(/port \d+ is out of range \(1-65535\)/);
  });

  test.each(['http://127.0.0.1:1', 'https://cloud.example:65535', 'http://[::1]:8080', 'https://cloud.mongodb.com'])('%s is accepted', (url) => {
    expect(() => validateBaseUrl(url)).not.toThrow();
    expect(() => checkBaseUrl(url)).not.toThrow();
  });
});
