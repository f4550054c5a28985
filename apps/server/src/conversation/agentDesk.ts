// The agent console's side: who the agent is (agents.ts), the queue and chats it sees
// (agentPoll.ts), and what it does in a chat (agentChats.ts): join, type, send, delete, ask for a
// rating, close, refuse.

export * from './agentChats.js';
export * from './agentPoll.js';
export * from './agents.js';
