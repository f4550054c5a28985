import { operationsRoutes, type ReportQuery } from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, ok } from '../errors.js';
import { reportCsv } from '../reports/csv.js';
import { buildReport } from '../reports/reports.js';
import { type AgentAuth, registerCall, requireAgent } from './agent.js';
import { operationsSchema } from './operations.js';

/** The logged-in agent, when an administrator; else a 403. */
async function requireAdministrator(auth: AgentAuth, request: FastifyRequest) {
  const agent = await requireAgent(auth, request);
  if (agent.role !== 'admin') throw forbidden('reports are for administrators (team leads)');
  return agent;
}

/**
 * The reports: conversations, response and resolution times, waits, ratings, hand-overs and
 * missed chats of a range of days, as JSON and as CSV: an administrator's (a team lead's) call, for
 * the channels they work on, every agent of those channels included. Other agents are refused (403).
 */
export function registerReportRoutes(app: FastifyInstance, auth: AgentAuth): void {
  registerCall(app, 'report', async (request) => {
    const agent = await requireAdministrator(auth, request);
    return ok(await buildReport(app.db, request.query, agent.channels));
  });
  app.get<{ Querystring: ReportQuery }>(
    operationsRoutes.reportCsv.path,
    { schema: operationsSchema('reportCsv') },
    async (request, reply) => {
      const agent = await requireAdministrator(auth, request);
      const report = await buildReport(app.db, request.query, agent.channels);
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="parley-report-${report.from}-${report.to}.csv"`,
        );
      return reportCsv(report);
    },
  );
}
