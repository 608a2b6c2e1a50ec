import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Button, Dialog, Sheet } from '../src/components/ui';

/*
 * An open dialog or panel is aria-modal: Tab goes round its own controls and never on to the page dimmed
 * behind it (the notifications panel's last delete button led to the home screen's links).
 */
const PANELS = [
  ['dialog', Dialog],
  ['panel sliding in from the right', Sheet],
] as const;

function renderOver(Panel: (typeof PANELS)[number][1]) {
  render(
    <>
      <a href="/behind">Link on the page behind</a>
      <Panel open onClose={() => {}} title="Notifications">
        <Button>Mark All Read</Button>
        <Button>Delete</Button>
      </Panel>
    </>,
  );
  return { close: screen.getByRole('button', { name: 'Close' }), markAll: screen.getByRole('button', { name: 'Mark All Read' }), last: screen.getByRole('button', { name: 'Delete' }) };
}

describe.each(PANELS)('keyboard focus in an open %s', (_name, Panel) => {
  it('moves into the panel when it opens', () => {
    renderOver(Panel);
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('goes from the last control back to the first on Tab', () => {
    const { close, last } = renderOver(Panel);
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('goes from the first control to the last on Shift+Tab', () => {
    const { close, last } = renderOver(Panel);
    close.focus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('brings focus that strayed onto the page back into the panel', () => {
    const { close } = renderOver(Panel);
    screen.getByRole('link', { name: 'Link on the page behind' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('leaves Tab between the controls inside to the browser', () => {
    const { markAll } = renderOver(Panel);
    markAll.focus();
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    document.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
