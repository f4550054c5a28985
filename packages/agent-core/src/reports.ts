import {
  check,
  ErrorCode,
  isObject,
  LEFT_REPLY_PATH,
  type MailQueued,
  mailQueuedSchema,
  REPORTS_CSV_PATH,
  REPORTS_PATH,
  type Report,
  type ReportQuery,
  reportSchema,
  type Schema,
  ShapeError,
  WEBHOOKS_ADMIN_PATH,
  type WebhookDeliveryView,
  type WebhookEndpointInput,
  type WebhookEndpointView,
  webhookAdminAnswers,
} from '@parley/chat-protocol';
import type { AgentTransport } from './types.js';

/** A reports or email call that did not succeed, as `AgentApiError` has it for the desk's calls. */
export class OperatorApiError extends Error {
  constructor(
    readonly call: 'report' | 'replyToLeftMessage' | 'webhooks',
    readonly kind: 'network' | 'code' | 'shape',
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'OperatorApiError';
  }
}

/** The query string of a report, encoded by hand (no DOM library in this package). */
export function reportQueryString(query: ReportQuery): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/**
 * The operators' calls beside the desk: a report (checked against the contract's schema), the
 * address of the same report as CSV (for a download link), and an answer to a left message by
 * email.
 *
 * @example
 * const operators = createOperatorsApi(createFetchTransport());
 * const report = await operators.report({ from: '2026-01-01', to: '2026-01-31', timeZone: 'Europe/Paris' });
 * link.href = operators.reportCsvPath({ from: '2026-01-01', to: '2026-01-31' });
 */
export function createOperatorsApi(transport: AgentTransport) {
  const call = async <T>(
    name: OperatorApiError['call'],
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: Schema<T>,
    body?: unknown,
  ): Promise<T> => {
    let answer: unknown;
    try {
      answer = await transport.request(method, path, body);
    } catch (error) {
      throw new OperatorApiError(name, 'network', `${name}: ${(error as Error)?.message ?? String(error)}`);
    }
    if (!isObject(answer) || typeof answer.code !== 'number')
      throw new OperatorApiError(name, 'shape', `${name}: the answer has no {code, data, message} envelope`);
    if (answer.code !== ErrorCode.ok) {
      const reason = typeof answer.message === 'string' && answer.message ? answer.message : 'refused';
      throw new OperatorApiError(name, 'code', `${name}: ${reason} (code ${answer.code})`, answer.code);
    }
    try {
      return check(schema, answer.data, 'data');
    } catch (error) {
      if (error instanceof ShapeError) throw new OperatorApiError(name, 'shape', `${name}: ${error.message}`);
      throw error;
    }
  };
  return {
    report: (query: ReportQuery): Promise<Report> =>
      call('report', 'GET', `${REPORTS_PATH}?${reportQueryString(query)}`, reportSchema),
    reportCsvPath: (query: ReportQuery): string => `${REPORTS_CSV_PATH}?${reportQueryString(query)}`,
    replyToLeftMessage: (leftMessageId: string, text: string): Promise<MailQueued> =>
      call(
        'replyToLeftMessage',
        'POST',
        LEFT_REPLY_PATH.replace(':leftMessageId', encodeURIComponent(leftMessageId)),
        mailQueuedSchema,
        { text },
      ),
    /** An administrator's webhooks (403 for other agents): what the `webhook` admin commands do. */
    webhooks: {
      list: (): Promise<WebhookEndpointView[]> =>
        call('webhooks', 'GET', WEBHOOKS_ADMIN_PATH, webhookAdminAnswers.list),
      add: (input: WebhookEndpointInput): Promise<{ endpoint: WebhookEndpointView; secret: string }> =>
        call('webhooks', 'POST', WEBHOOKS_ADMIN_PATH, webhookAdminAnswers.add, input),
      remove: (endpointId: string) =>
        call('webhooks', 'DELETE', `${WEBHOOKS_ADMIN_PATH}/${encodeURIComponent(endpointId)}`, nothing),
      enable: (endpointId: string) =>
        call(
          'webhooks',
          'POST',
          `${WEBHOOKS_ADMIN_PATH}/${encodeURIComponent(endpointId)}/enable`,
          nothing,
          {},
        ),
      deliveries: (endpointId: string): Promise<WebhookDeliveryView[]> =>
        call(
          'webhooks',
          'GET',
          `${WEBHOOKS_ADMIN_PATH}/${encodeURIComponent(endpointId)}/deliveries`,
          webhookAdminAnswers.deliveries,
        ),
      replay: (deliveryId: string): Promise<{ queued: number }> =>
        call(
          'webhooks',
          'POST',
          `${WEBHOOKS_ADMIN_PATH}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
          webhookAdminAnswers.replay,
          {},
        ),
    },
  };
}

const nothing: Schema<null> = webhookAdminAnswers.done;
export type OperatorsApi = ReturnType<typeof createOperatorsApi>;
