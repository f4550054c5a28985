import { type ChannelTeam, ChatStatus, ReceiveMode, SenderType } from '@parley/chat-core';
import { AvatarGroup } from '@parley/chat-ui/Avatar';
import type { MessageUser } from '@parley/chat-ui/Message';
import { Navbar } from '@parley/chat-ui/Navbar';
import { Welcome } from '@parley/chat-ui/Welcome';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import type { Translate } from '../i18n/useT.js';
import { useT } from '../i18n/useT.js';
import { closePanelOf } from '../pageSession.js';
import { channelAtom, conversationAtom, messagesAtom, soundAtom, titleAtom } from '../state/chatAtoms.js';
import { useSession } from '../state/useBindSession.js';
import { agentAvatarUrl } from './avatars.js';

// The first screen: who answers on this channel (the team's faces, or the robot's), how soon, and
// what to do first; and the one header of the chat, with the close button when embedded.

/** Who answers, as avatars: the robot on a robot-first channel, else the team's agents. */
export function whoAnswers(
  channel: { team?: ChannelTeam; robotAvatar?: string; robotName: string; receiveMode: number },
  robotName: string,
): MessageUser[] {
  if (channel.receiveMode === ReceiveMode.robot) {
    const avatar = agentAvatarUrl(channel.robotAvatar);
    return [{ name: robotName, bot: true, ...(avatar && { avatar }) }];
  }
  return (channel.team?.agents ?? []).map((agent) => {
    const avatar = agentAvatarUrl(agent.avatar);
    return { name: agent.name, ...(avatar && { avatar }) };
  });
}

const MINUTE = 60_000;

/** "Usually replies in …" from the channel's usual reply time, in steps a visitor can read. */
function replyTimeText(t: Translate, replyTime: number): string {
  if (replyTime <= MINUTE) return t('team.replyMinute');
  if (replyTime <= 5 * MINUTE) return t('team.replyFewMinutes');
  if (replyTime <= 60 * MINUTE) {
    const minutes = [10, 15, 30, 60].find((step) => replyTime <= step * MINUTE) ?? 60;
    return t('team.replyMinutes', { count: minutes });
  }
  return t('team.replyHours');
}

/** When the channel opens next, in the visitor's language and time zone ("Monday 09:00"). */
export function openingText(opensAt: number, language: string, now: number): string {
  const sameDay = new Date(opensAt).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(language || undefined, {
    ...(sameDay ? {} : { weekday: 'long' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(opensAt);
}

export interface Expectation {
  text: string;
  status: 'online' | 'away' | 'offline';
}

/**
 * What the visitor can expect: the robot answers at once; an online team usually replies within
 * its measured time; an away team reads a left message; a closed channel says when it opens.
 */
export function expectation(
  channel: { team?: ChannelTeam; receiveMode: number },
  robotName: string,
  t: Translate,
  language: string,
  now = Date.now(),
): Expectation | undefined {
  if (channel.receiveMode === ReceiveMode.robot)
    return { text: t('team.robot', { name: robotName }), status: 'online' };
  const team = channel.team;
  if (!team) return undefined;
  if (team.opensAt !== undefined)
    return { text: t('team.opensAt', { when: openingText(team.opensAt, language, now) }), status: 'offline' };
  if (!team.online) return { text: t('team.away'), status: 'away' };
  return { text: replyTimeText(t, team.replyTime ?? 5 * MINUTE), status: 'online' };
}

const language = () => (typeof document === 'undefined' ? '' : document.documentElement.lang);

/**
 * The chat's one header: the team's faces and how soon they answer until an agent takes the chat,
 * then that agent; the sound toggle; the close button when the page is in the loader's panel.
 */
export function ChatHeader() {
  const t = useT();
  const session = useSession();
  const channel = useAtomValue(channelAtom);
  const conversation = useAtomValue(conversationAtom);
  const { documentTitle, documentTitleKey } = useAtomValue(titleAtom);
  const sound = useAtomValue(soundAtom);
  const title = documentTitleKey ? t(documentTitleKey) : documentTitle;
  const robotName = channel.robotName || t('chat.robotName');
  const card = conversation.adminCard;
  const serving = card && conversation.chatStatus === ChatStatus.withAgent && !conversation.chatClosed;
  let leading: ReactNode;
  let subtitle: ReactNode;
  if (serving) {
    const avatar = agentAvatarUrl(card.avatar);
    leading = <AvatarGroup avatars={[{ name: card.adminNick, ...(avatar && { avatar }) }]} size={32} />;
    // Not a live region: the conversation already says "<name> joined the chat", once.
    subtitle = <span className="visitor-agent-card">{t('chat.agentCard', { name: card.adminNick })}</span>;
  } else {
    const users = whoAnswers(channel, robotName);
    leading = users.length ? <AvatarGroup avatars={users} size={32} /> : undefined;
    subtitle = expectation(channel, robotName, t, language())?.text;
  }
  return (
    <Navbar
      title={title}
      titleLevel={1}
      leading={leading}
      subtitle={subtitle}
      showSoundToggle
      sound={sound}
      onSoundChange={(on) => session.setSound(on)}
      onClose={closePanelOf(session)}
    />
  );
}

/** Whether anyone has said anything yet: notices (the queue, a join) do not count. */
function useConversationStarted(): boolean {
  const messages = useAtomValue(messagesAtom);
  return messages.some((message) => message.senderType !== SenderType.system);
}

/**
 * The first screen of a chat nobody has written in yet: who answers, how soon, and the first
 * action (write to an online team; leave a message to an away or closed one).
 */
export function FirstScreen({ onWrite }: { onWrite: () => void }) {
  const t = useT();
  const session = useSession();
  const channel = useAtomValue(channelAtom);
  const started = useConversationStarted();
  if (started || !channel.userId) return null;
  const robotName = channel.robotName || t('chat.robotName');
  const expected = expectation(channel, robotName, t, language());
  const available = expected?.status !== 'away' && expected?.status !== 'offline';
  return (
    <Welcome
      className="visitor-first-screen"
      title={t('team.greeting')}
      avatars={whoAnswers(channel, robotName)}
      expectation={expected?.text}
      status={expected?.status}
    >
      {available ? (
        <Welcome.Action onClick={onWrite}>{t('team.write')}</Welcome.Action>
      ) : (
        <Welcome.Action onClick={() => session.setLeaveMessageOpen(true)}>
          {t('chat.leaveMessage')}
        </Welcome.Action>
      )}
    </Welcome>
  );
}
