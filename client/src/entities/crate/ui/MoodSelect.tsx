/**
 * The mood dropdown of the add and edit record forms and of a want's **Got it** (PRODUCT.md
 * §5, EXTENSIONS.md §6): label "Mood", the first option "Select Record Mood", then the moods
 * of the store (fetched by the screen).
 */
import type { ChangeEvent } from 'react';
import { Form } from 'react-bootstrap';
import { selectMoods } from '@/entities/crate/crate';
import { useAppSelector } from '@/app/hooks';

/**
 * The required mood select.
 * @param controlId - the select's id (its label points at it)
 * @param value - a mood id as text, '' while none is chosen
 * @param onChange - the select's change handler
 */
export default function MoodSelect({
  controlId,
  value,
  onChange,
}: {
  controlId: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const moods = useAppSelector(selectMoods);
  return (
    <Form.Group controlId={controlId}>
      <Form.Label>Mood</Form.Label>
      <Form.Select value={value} onChange={onChange} required>
        <option value="">Select Record Mood</option>
        {moods.map((mood) => (
          <option key={mood.id} value={String(mood.id)}>
            {mood.mood}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
