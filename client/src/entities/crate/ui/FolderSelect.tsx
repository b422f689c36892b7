/**
 * The folder filter of a crate (EXTENSIONS.md §5, §7): a select of "All folders" and each
 * folder with its record count. Shown only when the crate has folders.
 */
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { lowerAsServer, type FolderCount } from '@spincrate/contract';

/** The option that shows every folder. */
const ALL_FOLDERS_TEXT = 'All folders';

/**
 * @param folders - the crate's folders with their counts (`GET /api/record/folders`)
 * @param value - the folder shown, or '' for every folder
 * @param onChange - called with the chosen folder ('' for every folder)
 */
export default function FolderSelect({
  folders,
  value,
  onChange,
}: {
  folders: readonly FolderCount[];
  value: string;
  onChange: (folder: string) => void;
}) {
  const id = useId();
  // The URL's folder matches its entry ignoring case, as the filter does (`?folder=jazz` is
  // "JAZZ (3)"); one named by the URL but not (or no longer) in the list stays choosable.
  const matched = folders.find((f) => lowerAsServer(f.folder) === lowerAsServer(value));
  const selected = value === '' ? '' : (matched?.folder ?? value);
  if (folders.length === 0 && value === '') return null;
  return (
    <Form.Group controlId={id} className="mb-3" style={{ maxWidth: '20rem' }}>
      <Form.Label>Folder</Form.Label>
      <Form.Select value={selected} onChange={(event) => onChange(event.target.value)}>
        <option value="">{ALL_FOLDERS_TEXT}</option>
        {value !== '' && !matched && <option value={value}>{value}</option>}
        {folders.map((f) => (
          <option key={f.folder} value={f.folder}>
            {`${f.folder} (${f.records})`}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
