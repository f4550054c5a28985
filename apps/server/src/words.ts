/** "1 chat", "4 chats": an agent's capacity as an operator reads it (start banner, admin commands). */
export const chatCount = (count: number) => `${count} ${count === 1 ? 'chat' : 'chats'}`;
