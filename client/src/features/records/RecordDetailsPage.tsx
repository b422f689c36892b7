/** Record details, /user/details/{recordId} (PRODUCT.md §2 "Record details"). */
import { useParams } from 'react-router';
import RecordDetailsView from './RecordDetailsView';

/** One of the user's own records. */
export default function RecordDetailsPage() {
  const recordId = Number(useParams().recordId);
  return <RecordDetailsView key={recordId} recordId={recordId} />;
}
