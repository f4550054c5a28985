import { FormModal } from '@parley/chat-core';
import { useAtomValue } from 'jotai';
import { overlaysAtom, visitorContactAtom } from '../state/chatAtoms.js';
import { useSession } from '../state/useBindSession.js';
import { EvaluationDialog } from './forms/EvaluationDialog.js';
import { GroupPicker } from './forms/GroupPicker.js';
import { LeaveMessageForm } from './forms/LeaveMessageForm.js';
import { TranscriptDialog } from './forms/TranscriptDialog.js';
import { UserForm } from './forms/UserForm.js';

/**
 * The forms the engine opens. `inline` is the conversation area's part (the user form when the
 * channel shows it inline); `dialogs` are the modal ones: user form, group picker, evaluation,
 * the ended chat's transcript, leave message, one at a time.
 */
export function Overlays({ placement }: { placement: 'inline' | 'dialogs' }) {
  const session = useSession();
  const overlays = useAtomValue(overlaysAtom);
  const contact = useAtomValue(visitorContactAtom);
  const {
    openUserForm,
    userFormConfig,
    openGroupForm,
    groupConfig,
    openLeaveMsgForm,
    openEvaluate,
    evaluateInfo,
    openTranscript,
    transcriptEmail,
  } = overlays;
  const userForm = openUserForm && userFormConfig && (
    <UserForm config={userFormConfig} onSubmit={(values) => session.submitUserForm(values)} />
  );
  if (placement === 'inline')
    return userFormConfig?.formModal === FormModal.untilFilled ? userForm || null : null;
  // One dialog at a time, in the order the visitor has to deal with them.
  if (userForm && userFormConfig?.formModal === FormModal.always) return userForm;
  if (openGroupForm && groupConfig.length > 0) {
    return (
      <GroupPicker
        groups={groupConfig}
        onChoose={(groupId) => void session.chooseGroup(groupId)}
        onCancel={() => session.closeGroupForm()}
      />
    );
  }
  if (openEvaluate && evaluateInfo) {
    return (
      <EvaluationDialog
        stars={evaluateInfo.starList}
        onSubmit={(values) => session.submitEvaluation(values)}
        onClose={() => session.closeEvaluation()}
      />
    );
  }
  if (openTranscript) {
    return (
      <TranscriptDialog
        email={transcriptEmail}
        onSubmit={(email) => session.requestTranscript(email)}
        onClose={() => session.setTranscriptOpen(false)}
      />
    );
  }
  if (openLeaveMsgForm) {
    return (
      <LeaveMessageForm
        contact={contact}
        onSubmit={(values) => session.leaveMessage(values)}
        onClose={() => session.setLeaveMessageOpen(false)}
      />
    );
  }
  return null;
}
