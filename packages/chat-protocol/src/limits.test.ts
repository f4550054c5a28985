import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, JSON_LIMITS, jsonLimitProblem, uploadBase64Limits } from './limits.js';
import { requestSchemas } from './requests.js';

const small = { maxBytes: 100, maxDepth: 3, maxValues: 5, maxStringLength: 10 };

describe('jsonLimitProblem', () => {
  it.each([
    ['{"a":[1,{"b":2}]}'],
    ['[[[1]]]'],
    ['"abcdefghij"'],
    ['{"a":"[[[[{{,,,,"}'], // brackets and commas inside a string are text
    ['{"a":"\\"[[[[[\\\\"}'], // escaped quotes and backslashes do not end or start a string
  ])('given %s within the limits, should find nothing', (text) => {
    expect(jsonLimitProblem(text, small)).toBeUndefined();
  });

  it.each([
    ['[[[[1]]]]', 'nests deeper than 3 levels'],
    ['{"a":{"b":{"c":{}}}}', 'nests deeper than 3 levels'],
    ['[1,2,3,4,5,6]', 'more than 5 values'],
    ['"abcdefghijk"', 'longer than 10 characters'],
    ['{"abcdefghijk":1}', 'longer than 10 characters'],
    [`"${'x'.repeat(101)}"`, 'larger than 100 bytes'],
    [`"${'é'.repeat(51)}"`, 'larger than 100 bytes'], // 51 characters, 102 bytes in UTF-8
  ])('given %s, should say it %s', (text, problem) => {
    expect(jsonLimitProblem(text, small)).toContain(problem);
  });

  it('given a 100 000-deep array, should answer at the first level past the limit, in linear time', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(jsonLimitProblem(deep, { ...JSON_LIMITS, maxBytes: 1e6 })).toBe(
      `the body nests deeper than ${JSON_LIMITS.maxDepth} levels`,
    );
  });

  it('given a base64 image in uploadBase64, should allow its one long string within the upload limit', () => {
    const limits = uploadBase64Limits(1024 * 1024);
    const body = JSON.stringify({ userId: 'u', imgData: 'A'.repeat(1_300_000) });
    expect(jsonLimitProblem(body, limits)).toBeUndefined();
    expect(jsonLimitProblem(body)).toContain('larger than');
  });
});

describe('FIELD_LIMITS and the request schemas', () => {
  it.each([
    ['chatStart', 'pid', FIELD_LIMITS.id],
    ['chatStart', 'groupId', FIELD_LIMITS.id],
    ['chatStart', 'userName', FIELD_LIMITS.name],
    ['chatStart', 'email', FIELD_LIMITS.email],
    ['chatStart', 'phone', FIELD_LIMITS.phone],
    ['sendMsg', 'msgContent', FIELD_LIMITS.messageText],
    ['leaveMsg', 'content', FIELD_LIMITS.longText],
    ['getEvaluateInfo', 'tenantId', FIELD_LIMITS.id],
  ] as const)('should bound %s.%s to %i characters', (call, field, limit) => {
    expect(requestSchemas[call].properties?.[field]?.maxLength).toBe(limit);
  });

  it('should let the longest message text, escaped at worst, fit in a body', () => {
    expect(FIELD_LIMITS.messageText * 6 + 1024).toBeLessThan(JSON_LIMITS.maxBytes);
  });
});
