import { describe, expect, it } from 'vitest';
import { ApiError, openAnswer } from './apiError.js';
import { ERROR_TYPES, ErrorCode, errorTypeOf } from './codes.js';

describe('a refusal as a client reads it', () => {
  it.each(Object.entries(ERROR_TYPES))('given code %s and no type, should give the type %s', (code, type) => {
    expect(errorTypeOf(Number(code))).toBe(type);
  });

  it('should name a type for every refusal code the contract has, and for no other code', () => {
    const refusals = Object.values(ErrorCode).filter((code) => code !== ErrorCode.ok);
    expect(Object.keys(ERROR_TYPES).map(Number).sort()).toEqual([...refusals].sort());
  });

  it('given a code outside the table, should give the general type', () => {
    expect(errorTypeOf(418)).toBe('error');
  });

  it("given a refusal with its type, should throw an ApiError that carries the server's type and words", () => {
    const answer = { code: ErrorCode.forbidden, data: null, message: 'no', type: 'missing_scope' };
    const failure = (() => {
      try {
        return openAnswer('report', answer, () => null);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      call: 'report',
      kind: 'code',
      code: 403,
      type: 'missing_scope',
      serverMessage: 'no',
    });
  });

  it('given data the reader refuses, should throw a shape ApiError without a code', () => {
    expect(() =>
      openAnswer('me', { code: 200, data: 7, message: 'ok' }, () => {
        throw new Error('data should be an object');
      }),
    ).toThrow(
      expect.objectContaining({
        kind: 'shape',
        code: undefined,
        message: 'me: unexpected answer, data should be an object',
      }),
    );
  });
});
