import type { GroupDetail } from '#shared/groups.ts';
import { FeedPanel } from './FeedPanel.tsx';
import { InvitationsPanel } from './InvitationsPanel.tsx';
import { LeaderSettings } from './LeaderSettings.tsx';
import type { Recipient } from './MembersPanel.tsx';
import { MembershipPanel } from './MembershipPanel.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { ReflectionsPanel } from './ReflectionsPanel.tsx';

/**
 * The lower part of `/groups/:id` (GroupPage loads it after the first screen): for leaders,
 * encouragement and invitations; the reflections shared on the path (leaders, and members when
 * the leader lets them); the activity; the reader's own consent, mute and leave; the group's
 * settings for leaders.
 */
export default function GroupPanels({
  group,
  recipient,
  onClearRecipient,
}: {
  group: GroupDetail;
  recipient: Recipient | null;
  onClearRecipient: () => void;
}) {
  const leads = group.me.role !== 'member';
  const seesReflections = group.path.kind === 'course' && (leads || group.membersSeeReflections);
  return (
    <>
      {leads ? (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <MessageComposer
            groupId={group.id}
            recipient={recipient}
            onClearRecipient={onClearRecipient}
          />
          <InvitationsPanel groupId={group.id} />
        </div>
      ) : null}
      {seesReflections ? <ReflectionsPanel group={group} /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <FeedPanel groupId={group.id} />
        <div className="grid gap-6">
          <MembershipPanel group={group} />
          {leads ? <LeaderSettings group={group} /> : null}
        </div>
      </div>
    </>
  );
}
