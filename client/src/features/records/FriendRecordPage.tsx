/** A friend's record, /social/friends/{friendId}/{recordId}: the same view as own record details. */
import { useParams } from 'react-router';
import RecordDetailsView from './RecordDetailsView';

/** One record of a friend (read-only: edit and delete show only for the owner). */
export default function FriendRecordPage() {
  const params = useParams();
  const friendId = Number(params.friendId);
  const recordId = Number(params.recordId);
  return <RecordDetailsView key={`${friendId}/${recordId}`} recordId={recordId} friendId={friendId} />;
}
