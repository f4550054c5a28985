import {
  ApiError,
  ErrorCode,
  type Report,
  type ReportFigures,
  reportFigureNames,
} from '@parley/chat-protocol';
import { describe, expect, it, vi } from 'vitest';
import { reportCsvPath } from './reports.js';
import { createAgentApi } from './transport.js';

const figures = Object.fromEntries(
  reportFigureNames.map((name) => [name, name === 'csat' ? 0.5 : 1]),
) as unknown as ReportFigures;
const report: Report = {
  from: '2026-01-01',
  to: '2026-01-01',
  timeZone: 'Europe/Paris',
  totals: figures,
  byDay: [{ day: '2026-01-01', ...figures }],
  byHour: [],
  byChannel: [],
  byGroup: [],
  byAgent: [{ agentId: null, nick: null, ...figures }],
  byLabel: [{ label: 'refund', ...figures }],
};

describe("the operators' calls of the agent API", () => {
  it('given a range and a time zone, should ask for the report with them and answer the checked report', async () => {
    const request = vi.fn(async () => ({
      code: ErrorCode.ok,
      data: { ...report, extra: 'dropped' },
      message: 'ok',
    }));
    const api = createAgentApi({ request });
    const answer = await api('report', {
      query: { from: '2026-01-01', to: '2026-01-01', timeZone: 'Europe/Paris' },
    });
    expect(request).toHaveBeenCalledWith(
      'GET',
      '/api/agent/reports?from=2026-01-01&to=2026-01-01&timeZone=Europe%2FParis',
      undefined,
    );
    expect(answer).toEqual(report);
    expect(reportCsvPath({ from: '2026-01-01', to: '2026-01-31', channelId: 'a&b' })).toBe(
      '/api/agent/reports.csv?from=2026-01-01&to=2026-01-31&channelId=a%26b',
    );
  });

  it.each([
    ['a refusal', { code: 400, data: null, message: 'timeZone: not a time zone: Mars' }, 'code', 400],
    [
      'a report of another shape',
      { code: 200, data: { ...report, totals: { conversations: 'many' } }, message: 'ok' },
      'shape',
      undefined,
    ],
  ])('given %s, should throw the typed ApiError', async (_, answer, kind, code) => {
    const api = createAgentApi({ request: async () => answer });
    const failure = await api('report', { query: { from: '2026-01-01', to: '2026-01-01' } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ call: 'report', kind, code });
  });

  it('given an answer to a left message, should post its text to that message', async () => {
    const request = vi.fn(async () => ({
      code: ErrorCode.ok,
      data: { to: 'nora@example.com' },
      message: 'ok',
    }));
    const api = createAgentApi({ request });
    expect(
      await api('replyToLeftMessage', { params: { leftMessageId: '42' }, body: { text: 'Yes' } }),
    ).toEqual({ to: 'nora@example.com' });
    expect(request).toHaveBeenCalledWith('POST', '/api/agent/leave-messages/42/reply', { text: 'Yes' });
  });

  it("given an administrator's webhook calls, should use the admin paths and check the answers", async () => {
    const endpoint = {
      id: 'wh_1',
      url: 'https://crm.example/hooks',
      channelId: null,
      events: ['message.left'],
      description: null,
      createdAt: 1,
      failures: 50,
      disabledAt: 2,
      disabledReason: '50 failed attempts in a row; last: HTTP 500',
    };
    const request = vi.fn(async (method: string, path: string) =>
      method === 'GET' && path === '/api/agent/admin/webhooks'
        ? { code: ErrorCode.ok, data: [endpoint], message: 'ok' }
        : { code: ErrorCode.ok, data: { queued: 1 }, message: 'ok' },
    );
    const api = createAgentApi({ request });
    expect(await api('webhooks', {})).toEqual([endpoint]);
    expect(await api('replayWebhookDelivery', { params: { deliveryId: '17' } })).toEqual({ queued: 1 });
    expect(request).toHaveBeenLastCalledWith('POST', '/api/agent/admin/webhooks/deliveries/17/replay', {});
    const refused = createAgentApi({
      request: async () => ({ code: 403, data: null, message: 'only administrators manage webhooks' }),
    });
    await expect(refused('webhooks', {})).rejects.toMatchObject({
      call: 'webhooks',
      kind: 'code',
      code: 403,
    });
  });
});
