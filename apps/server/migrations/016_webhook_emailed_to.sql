-- `message.created` tells an integration that an agent's message went to the visitor by email
-- (an answer to a left message or an ended chat): `emailedTo`, the address, only on those.
create or replace function parley_webhook_messages() returns trigger language plpgsql as $$
declare
  sender text := case new.sender_type when 1 then 'visitor' when 2 then 'agent' when 3 then 'robot' end;
  channel text;
begin
  if sender is null then
    return null;
  end if;
  select channel_id into channel from sessions where id = new.session_id;
  perform parley_webhook_emit('message.created', channel, new.session_id, new.visitor_id,
    jsonb_build_object('conversationId', new.session_id, 'visitorId', new.visitor_id, 'channelId', channel,
      'messageId', new.id, 'sender', sender, 'senderName', new.sender_name, 'msgType', new.msg_type,
      'msgContent', new.msg_content, 'fileName', new.file_name, 'fileSize', new.file_size, 'sentAt', new.msg_time)
    || case when new.extra ? 'emailedTo'
         then jsonb_build_object('emailedTo', new.extra ->> 'emailedTo') else '{}'::jsonb end,
    new.msg_time);
  return null;
end $$;
