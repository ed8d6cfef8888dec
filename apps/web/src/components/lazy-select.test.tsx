// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomStubs, Providers } from '../test/render.tsx';
import { forgetSelectKitForTests, LazyMultiSelect, LazySelect, LazyTagsInput } from './lazy-select.tsx';

beforeAll(() => installDomStubs());
beforeEach(() => forgetSelectKitForTests());
afterEach(cleanup);

const data = [
  { value: 'a', label: 'Ant' },
  { value: 'b', label: 'Bee' },
  { value: 'c', label: 'Cat' },
];

function renderSelect(onChange = vi.fn(), extra: object = {}) {
  render(
    <Providers>
      <LazySelect label="Animal" data={data} value="b" onChange={onChange} data-testid="animal" {...extra} />
    </Providers>,
  );
  return onChange;
}

/** The field's input as assistive technology finds it: a combobox named by its label. */
const field = (name = 'Animal') => screen.getByRole('combobox', { name });

describe('LazySelect', () => {
  it('is drawn closed, before the real field loads, as a named combobox whose value is the chosen label', () => {
    renderSelect();
    const input = field() as HTMLInputElement;
    expect(input.value).toBe('Bee');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-haspopup')).toBe('listbox');
    expect(input.readOnly).toBe(true);
    expect(input.dataset.testid).toBe('animal');
    // Keyboard-focusable like the real one.
    expect(input.tabIndex).toBe(0);
    // No option list until it is used.
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('hands the focus to the real field when it arrives, keeping the value, its dropdown closed', async () => {
    renderSelect();
    const look = field();
    look.focus();
    await waitFor(() => expect(field()).not.toBe(look));
    expect(document.activeElement).toBe(field());
    expect((field() as HTMLInputElement).value).toBe('Bee');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('opens the real dropdown when the look-alike was pressed, and a choice reaches onChange', async () => {
    const onChange = renderSelect();
    const look = field();
    fireEvent.pointerDown(look, { button: 0 });
    look.focus();
    fireEvent.click(look);
    fireEvent.click(await screen.findByRole('option', { name: 'Cat' }));
    expect(onChange).toHaveBeenCalledWith('c', expect.objectContaining({ value: 'c' }));
    expect(document.activeElement).toBe(field());
  });

  it('opens on a click alone (a screen reader activates with one, without pointer events)', async () => {
    renderSelect();
    fireEvent.click(field());
    expect(await screen.findByRole('option', { name: 'Ant' })).toBeTruthy();
  });

  it('opens from the keyboard (ArrowDown, Enter or Space pressed before it arrived)', async () => {
    for (const key of ['ArrowDown', 'Enter', ' ']) {
      forgetSelectKitForTests();
      renderSelect();
      const look = field();
      look.focus();
      fireEvent.keyDown(look, { key });
      expect(await screen.findByRole('option', { name: 'Ant' })).toBeTruthy();
      expect(document.activeElement).toBe(field());
      cleanup();
    }
  });

  it('loads when pointed at, so the real field is there before it is pressed', async () => {
    renderSelect();
    const look = field();
    fireEvent.pointerEnter(look.closest('.mantine-InputWrapper-root') as Element);
    await waitFor(() => expect(field()).not.toBe(look));
    // Pointing moves no focus and opens nothing.
    expect(document.activeElement).not.toBe(field());
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('shows the clear button with a value and clears it before the real field is there', () => {
    const onChange = renderSelect(vi.fn(), { clearable: true });
    const clear = document.querySelector(
      '.mantine-InputClearButton-root, [data-combobox-clear], button[aria-hidden]',
    );
    expect(clear).toBeTruthy();
    fireEvent.click(clear as Element);
    expect(onChange).toHaveBeenCalledWith(null, null);
  });

  it('is disabled and shows its error as the real one does', () => {
    renderSelect(vi.fn(), { disabled: true, error: 'Pick one' });
    expect((field() as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Pick one')).toBeTruthy();
  });
});

describe('LazyMultiSelect', () => {
  it('draws the chosen options as pills, removes one, and opens the real field when pressed', async () => {
    const onChange = vi.fn();
    render(
      <Providers>
        <LazyMultiSelect label="Animals" data={data} value={['a', 'c']} onChange={onChange} clearable />
      </Providers>,
    );
    expect(screen.getByText('Ant')).toBeTruthy();
    expect(screen.getByText('Cat')).toBeTruthy();
    const look = field('Animals');
    fireEvent.pointerDown(look, { button: 0 });
    look.focus();
    // jsdom leaves MultiSelect's open list hidden from the accessibility tree (its transition): found anyway.
    fireEvent.click(await screen.findByRole('option', { name: 'Bee', hidden: true }));
    expect(onChange).toHaveBeenCalledWith(['a', 'c', 'b']);
  });

  it('removes a pill before the real field is there', () => {
    const onChange = vi.fn();
    render(
      <Providers>
        <LazyMultiSelect label="Animals" data={data} value={['a', 'c']} onChange={onChange} />
      </Providers>,
    );
    const remove = screen.getByText('Ant').parentElement?.querySelector('button');
    fireEvent.click(remove as Element);
    expect(onChange).toHaveBeenCalledWith(['c']);
  });
});

describe('LazyTagsInput', () => {
  it('keeps what is typed before it arrives', async () => {
    const onChange = vi.fn();
    render(
      <Providers>
        <LazyTagsInput label="Models" data={['TZ370', 'NSa 2700']} value={['TZ370']} onChange={onChange} />
      </Providers>,
    );
    expect(screen.getByText('TZ370')).toBeTruthy();
    const look = field('Models');
    look.focus();
    fireEvent.keyDown(look, { key: 'N' });
    fireEvent.keyDown(look, { key: 'S' });
    await waitFor(() => expect(field('Models')).not.toBe(look));
    const real = field('Models') as HTMLInputElement;
    expect(real.value).toBe('NS');
    expect(document.activeElement).toBe(real);
    fireEvent.keyDown(real, { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(['TZ370', 'NS']);
  });
});
