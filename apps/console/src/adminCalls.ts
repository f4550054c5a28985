/** The administration calls of the agent API (docs/contract.md, "Administration"), answers checked by the contract. */

import type { AgentFields, ChannelSettings, IntegrationTokenInput } from '@parley/chat-protocol';
import { call } from './api.js';

export type {
  AdminAgent,
  AdminChange,
  AdminChannel,
  AgentFields,
  ChannelSettings,
  ChannelTexts,
  IntegrationTokenView,
  WebhookChange,
  WorkingWindow,
} from '@parley/chat-protocol';

export const adminApi = {
  agents: () => call('adminAgents', {}),
  addAgent: (fields: AgentFields, password?: string) =>
    call('addAgent', { body: { ...fields, ...(password && { password }) } }),
  updateAgent: (agentId: string, fields: AgentFields) =>
    call('updateAgent', { params: { agentId }, body: fields }),
  disableAgent: (agentId: string) => call('disableAgent', { params: { agentId } }),
  enableAgent: (agentId: string) => call('enableAgent', { params: { agentId } }),
  resetPassword: (agentId: string) => call('resetPassword', { params: { agentId }, body: {} }),
  channels: () => call('adminChannels', {}),
  updateChannel: (channelId: string, settings: ChannelSettings) =>
    call('updateChannel', { params: { channelId }, body: settings }),
  changes: () => call('adminChanges', {}),
  /** One webhook endpoint's changes (its own list: the changes above hold agents and channels). */
  webhookChanges: (endpointId: string) => call('webhookChanges', { params: { endpointId } }),
  /** The integration API tokens, live and revoked, never the tokens themselves. */
  tokens: () => call('integrationTokens', {}),
  /** A new token: `secret` is the token itself, answered this once. */
  addToken: (input: IntegrationTokenInput) => call('addIntegrationToken', { body: input }),
  revokeToken: (tokenId: string) => call('revokeIntegrationToken', { params: { tokenId } }),
};
