import type { ChatSession } from '@parley/chat-core';
import { useAtomValue } from 'jotai';
import { overlaysAtom, sessionAtom } from '../state/chatAtoms.js';
import { EvaluationDialog } from './forms/EvaluationDialog.js';
import { GroupPicker } from './forms/GroupPicker.js';
import { LeaveMessageForm } from './forms/LeaveMessageForm.js';
import { UserForm } from './forms/UserForm.js';

/** The dialogs and forms the engine opens: user form, group picker, leave message, evaluation. */
export function Overlays() {
  const session = useAtomValue(sessionAtom) as ChatSession;
  const overlays = useAtomValue(overlaysAtom);
  if (!overlays) return null;
  const {
    openUserForm,
    userFormConfig,
    openGroupForm,
    groupConfig,
    openLeaveMsgForm,
    openEvaluate,
    evaluateInfo,
  } = overlays;
  // One dialog at a time, in the order the visitor has to deal with them.
  if (openUserForm && userFormConfig) {
    return <UserForm config={userFormConfig} onSubmit={(values) => session.submitUserForm(values)} />;
  }
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
  if (openLeaveMsgForm) {
    return (
      <LeaveMessageForm
        onSubmit={(values) => session.leaveMessage(values)}
        onClose={() => session.setLeaveMessageOpen(false)}
      />
    );
  }
  return null;
}
