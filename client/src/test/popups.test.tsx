/**
 * The test set-up's popup settling (src/test/popups.ts): a popup a test leaves open is closed
 * and gives the focus back before the test's screen goes, so nothing of it reaches the next test.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { timedNotice, warnAttention } from '@/lib/alerts';
import { settlePopups } from './popups';

describe('settlePopups', () => {
  it('closes a popup left open and returns once the focus is back where it was', async () => {
    render(<button type="button">ADD RECORD</button>);
    screen.getByRole('button', { name: 'ADD RECORD' }).focus();
    void warnAttention('Please fill form before submit');
    expect(await screen.findByText('Please fill form before submit')).toBeInTheDocument();
    expect(document.activeElement).toHaveTextContent('OK');

    await settlePopups();

    expect(screen.queryByText('Please fill form before submit')).toBeNull();
    expect(document.activeElement).toHaveTextContent('ADD RECORD');
  });

  it('waits for a timed notice that would close itself only after the test', async () => {
    render(<input aria-label="Price" />);
    screen.getByLabelText('Price').focus();
    void timedNotice('Record added!', 60_000);
    expect(await screen.findByText('Record added!')).toBeInTheDocument();

    await settlePopups();

    expect(screen.queryByText('Record added!')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Price'));
  });
});
