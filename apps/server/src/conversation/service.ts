import { ChatStatus } from '@parley/chat-protocol';
import * as agentDesk from './agentDesk.js';
import * as cannedReplies from './cannedReplies.js';
import * as forms from './forms.js';
import * as ratings from './ratings.js';
import * as routing from './routing.js';
import * as sessions from './sessions.js';
import { ConversationStore } from './store.js';
import * as uploads from './uploads.js';
import * as visitorEvents from './visitorEvents.js';
import * as visitorMessages from './visitorMessages.js';
import * as visitorProfile from './visitorProfile.js';

export type { Agent, ChatStartInput, IncomingMessage } from './domain.js';
export { ChatStatus };

/** A module's function `(store, ...args)` as a method `(...args)` of the store. */
type Method<F> = F extends (store: ConversationStore, ...args: infer A) => infer R
  ? (...args: A) => R
  : never;
function method<F extends (store: ConversationStore, ...args: never[]) => unknown>(
  store: ConversationStore,
  run: F,
): Method<F> {
  return ((...args: unknown[]) =>
    (run as unknown as (...all: unknown[]) => unknown)(store, ...args)) as Method<F>;
}

/**
 * Every call the routes make, over one store. Each lives in the module named for what it holds:
 * `sessions` (identity, chats, history, uploads), `routing` (agents, the queue, the routing lock),
 * `visitorEvents` (the poll), `visitorMessages` (what the visitor sends), `forms`, `ratings`,
 * `agentDesk` (the console's side), `visitorProfile` (the console's visitor panel) and
 * `cannedReplies` (each agent's canned replies).
 */
export class Conversations extends ConversationStore {
  // sessions
  readonly channelInfo = method(this, sessions.channelInfo);
  readonly chatStart = method(this, sessions.chatStart);
  readonly chatClose = method(this, sessions.chatClose);
  readonly getAdminCard = method(this, sessions.getAdminCard);
  readonly getHistoryMsg = method(this, sessions.getHistoryMsg);
  readonly getSessionMsg = method(this, sessions.getSessionMsg);
  readonly recordUpload = method(this, sessions.recordUpload);
  readonly upload = method(this, sessions.upload);
  readonly uploadUsage = method(this, uploads.uploadUsage);
  readonly expireUploads = method(this, uploads.expireUploads);
  readonly visitorOfSession = method(this, sessions.visitorOfSession);
  readonly requireVisitor = method(this, sessions.requireVisitor);
  // routing
  readonly transferAgent = method(this, routing.transferAgent);
  // visitorEvents
  readonly getEventMsg = method(this, visitorEvents.getEventMsg);
  readonly holdEventMsg = method(this, visitorEvents.holdEventMsg);
  // visitorMessages
  readonly sysMsg = method(this, visitorMessages.sysMsg);
  readonly getOfflineMsg = method(this, visitorMessages.getOfflineMsg);
  readonly addSessionMsg = method(this, visitorMessages.addSessionMsg);
  readonly sendMsg = method(this, visitorMessages.sendMsg);
  readonly msgComplete = method(this, visitorMessages.msgComplete);
  readonly typing = method(this, visitorMessages.typing);
  readonly robotAsk = method(this, visitorMessages.robotAsk);
  readonly robotTips = method(this, visitorMessages.robotTips);
  // forms
  readonly submitUserForm = method(this, forms.submitUserForm);
  readonly leaveMsg = method(this, forms.leaveMsg);
  // ratings
  readonly getEvaluateInfo = method(this, ratings.getEvaluateInfo);
  readonly evaluate = method(this, ratings.evaluate);
  // agentDesk
  readonly agentByUsername = method(this, agentDesk.agentByUsername);
  readonly agent = method(this, agentDesk.agent);
  readonly setOnline = method(this, agentDesk.setOnline);
  readonly agentPoll = method(this, agentDesk.agentPoll);
  readonly holdAgentPoll = method(this, agentDesk.holdAgentPoll);
  readonly leftMessages = method(this, agentDesk.leftMessages);
  readonly join = method(this, agentDesk.join);
  readonly transferChat = method(this, agentDesk.transferChat);
  readonly colleagues = method(this, agentDesk.colleagues);
  readonly transferGroups = method(this, agentDesk.transferGroups);
  readonly agentMessages = method(this, agentDesk.agentMessages);
  readonly agentTyping = method(this, agentDesk.agentTyping);
  readonly agentSend = method(this, agentDesk.agentSend);
  readonly deleteMessage = method(this, agentDesk.deleteMessage);
  readonly requestRating = method(this, agentDesk.requestRating);
  readonly agentClose = method(this, agentDesk.agentClose);
  readonly refuse = method(this, agentDesk.refuse);
  // visitorProfile
  readonly visitorProfile = method(this, visitorProfile.visitorProfile);
  readonly earlierChat = method(this, visitorProfile.earlierChat);
  // cannedReplies
  readonly cannedReplies = method(this, cannedReplies.cannedReplies);
  readonly addCannedReply = method(this, cannedReplies.addCannedReply);
  readonly updateCannedReply = method(this, cannedReplies.updateCannedReply);
  readonly deleteCannedReply = method(this, cannedReplies.deleteCannedReply);
}
