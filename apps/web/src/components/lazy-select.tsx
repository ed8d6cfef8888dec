import {
  ComboboxChevron,
  type ComboboxData,
  extractStyleProps,
  Input,
  InputBase,
  type InputBaseProps,
  type MultiSelectProps,
  Pill,
  PillsInput,
  type SelectProps,
  type TagsInputProps,
} from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';
import { loadedLater } from '../lib/loaded-later.ts';

// Mantine's Select, MultiSelect and TagsInput (Combobox, Popover, floating-ui: ~33 KB gzipped with what shares
// their chunks) are no part of a screen's first load: a field is drawn closed, as they draw it, from what the
// first load has (Input, Pill), and the real field is fetched when the field is first pointed at, touched or
// focused, then takes its place.
const loadKit = () => import('./select-kit.ts');
let kit = loadedLater(loadKit);
type Kit = Awaited<ReturnType<typeof loadKit>>;

/** For tests sharing one module graph: the fields are drawn closed again until their next first use. */
export function forgetSelectKitForTests(): void {
  kit = loadedLater(loadKit);
}

/** How the real field is to arrive: focused (the look-alike was), its dropdown open (it was pressed), typed into. */
interface Arrival {
  focus: boolean;
  open: boolean;
  search: string | undefined;
}

/** The keys that open a closed field's dropdown: the arrows always, Enter and Space where nothing is typed. */
const opens = (key: string, typed: boolean) =>
  key === 'ArrowDown' || key === 'ArrowUp' || (!typed && (key === 'Enter' || key === ' '));

/**
 * The look-alike's part: load the kit on the first sign of use (pointer over the field, a touch, focus), note
 * what the person did before it arrived, and once it has, hand that to the real field (focus, open dropdown,
 * typed text), once. `realProps`: what the real field takes besides the field's own props (the field's ref
 * merged with ours, and the text typed before it arrived as its search).
 */
function useFirstUse(typed: boolean, props: { ref?: Ref<HTMLInputElement>; defaultSearchValue?: string }) {
  const [loaded, setLoaded] = useState<Kit | undefined>(kit.current);
  const field = useRef<HTMLInputElement>(null);
  const real = useRef<HTMLInputElement>(null);
  const pressed = useRef(false);
  const search = useRef<string | undefined>(undefined);
  const requested = useRef(false);
  const [arrival, setArrival] = useState<Arrival | null>(null);
  // The kit has arrived and the real field is on its way in (its render not yet committed).
  const arrived = useRef(false);
  const arrive = () => {
    const focused = field.current !== null && field.current === document.activeElement;
    setArrival({ focus: focused || pressed.current, open: pressed.current, search: search.current });
  };
  const load = () => {
    // A key or press between the kit's arrival and the real field's first render (a busy main thread) still
    // reaches it: the hand-over is noted again with it.
    if (arrived.current) arrive();
    if (requested.current) return;
    requested.current = true;
    kit.load().then(
      (module) => {
        arrived.current = true;
        arrive();
        setLoaded(module);
      },
      () => {
        // Tried again on the next sign of use; the look-alike stays meanwhile.
        requested.current = false;
      },
    );
  };
  useEffect(() => {
    if (!loaded || !arrival?.focus) return;
    const input = real.current;
    if (!input) return;
    // A searchable field opens its dropdown as it takes the focus (Mantine's `openOnFocus`); the others on a click.
    input.focus();
    if (arrival.open && !typed) input.click();
    if (arrival.search) input.setSelectionRange(input.value.length, input.value.length);
  }, [loaded, arrival, typed]);
  const wrapperHandlers = { onPointerEnter: load, onTouchStart: load };
  const fieldHandlers = {
    onFocus: (_event: FocusEvent) => load(),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (opens(event.key, typed)) {
        event.preventDefault();
        pressed.current = true;
      } else if (typed && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        // What is typed before the field arrives is kept: the field opens with it.
        search.current = (search.current ?? '') + event.key;
        pressed.current = true;
      }
      load();
    },
  };
  // Pressed: the pointer's main button, or a click alone (a screen reader's activation sends no pointer events).
  const pressHandlers = {
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0) pressed.current = true;
      load();
    },
    onClick: () => {
      pressed.current = true;
      load();
    },
  };
  const realProps = {
    ref: useMergedRef(real, props.ref),
    defaultSearchValue: arrival?.search ?? props.defaultSearchValue,
  };
  return { loaded, field, realProps, wrapperHandlers, fieldHandlers, pressHandlers };
}

type Option = { value: string; label: string };

/** The label of each value in a field's data (strings, options, or groups of them). */
function labelsOf(data: ComboboxData | undefined): Map<string, string> {
  const labels = new Map<string, string>();
  const add = (item: unknown) => {
    if (typeof item === 'string') labels.set(item, item);
    else if (item && typeof item === 'object') {
      if ('items' in item && Array.isArray(item.items)) item.items.forEach(add);
      else if ('value' in item) {
        const option = item as Option;
        labels.set(option.value, option.label ?? option.value);
      }
    }
  };
  (data ?? []).forEach(add);
  return labels;
}

/** The props that draw a closed field (its wrapper, input box and style props); the dropdown's stay with the real one. */
const LOOK_KEYS = [
  'label',
  'description',
  'error',
  'size',
  'disabled',
  'readOnly',
  'required',
  'withAsterisk',
  'placeholder',
  'leftSection',
  'leftSectionWidth',
  'leftSectionPointerEvents',
  'rightSection',
  'rightSectionWidth',
  'radius',
  'variant',
  'className',
  'style',
  'classNames',
  'styles',
  'unstyled',
  'labelProps',
  'descriptionProps',
  'errorProps',
  'inputWrapperOrder',
  'aria-label',
  'data-testid',
] as const;
/** What a look-alike draws with: InputBase's props, with the input's own few. */
type Look = InputBaseProps & { 'data-testid'?: string; 'aria-label'?: string; placeholder?: string };

function lookOf(props: object): Look {
  const { styleProps, rest } = extractStyleProps(props as Record<string, unknown>);
  const look: Record<string, unknown> = { ...styleProps };
  for (const key of LOOK_KEYS) if (key in rest) look[key] = (rest as Record<string, unknown>)[key];
  return look as Look;
}

/** The clear button the real field draws in its right section while it has a value (Combobox.ClearButton's). */
function ClearLook({ onClear }: { onClear: () => void }) {
  return (
    <Input.ClearButton
      tabIndex={-1}
      aria-hidden
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClear}
    />
  );
}

/** The accessibility the real field's input has while its dropdown is closed (Combobox.Target's). */
const closedCombobox = { role: 'combobox', 'aria-haspopup': 'listbox', 'aria-expanded': false } as const;

/**
 * Mantine's Select, loaded on the field's first use (pointer over it, a touch, focus): drawn closed meanwhile as
 * Select draws it (label, value, chevron, clear button), a focusable combobox with the chosen option's label as its
 * value. The real field arrives focused if the look-alike was, its dropdown open if it was pressed (or opened from
 * the keyboard).
 */
export function LazySelect(props: SelectProps) {
  const { data, value, defaultValue, searchable, clearable, onChange, onClear } = props;
  const use = useFirstUse(searchable === true, props);
  if (use.loaded) {
    const { Select } = use.loaded;
    return <Select {...props} {...use.realProps} />;
  }
  const look = lookOf(props);
  const chosen = value === undefined ? defaultValue : value;
  const label = chosen == null ? '' : (labelsOf(data).get(chosen) ?? '');
  return (
    <InputBase
      {...look}
      {...closedCombobox}
      __staticSelector="Select"
      ref={use.field}
      readOnly
      pointer={!searchable}
      value={label}
      __defaultRightSection={
        <ComboboxChevron size={props.size ?? 'sm'} error={props.error} color={props.chevronColor} />
      }
      __clearSection={
        <ClearLook
          onClear={() => {
            onChange?.(null, null as never);
            onClear?.();
          }}
        />
      }
      __clearable={clearable && chosen != null && !props.disabled && !props.readOnly}
      __clearSectionMode={props.clearSectionMode}
      rightSectionPointerEvents={props.rightSectionPointerEvents || 'none'}
      wrapperProps={{ ...props.wrapperProps, ...use.wrapperHandlers }}
      {...use.pressHandlers}
      {...use.fieldHandlers}
    />
  );
}

interface PillsLookProps {
  kind: 'MultiSelect' | 'TagsInput';
  props: MultiSelectProps | TagsInputProps;
  labels: Map<string, string>;
  searchable: boolean;
  chevron: ReactNode;
  use: ReturnType<typeof useFirstUse>;
}

/** MultiSelect's and TagsInput's closed field: the chosen values as pills, then the field. */
function PillsLook({ kind, props, labels, searchable, chevron, use }: PillsLookProps) {
  const chosen = props.value ?? props.defaultValue ?? [];
  const onValues = (values: string[]) => props.onChange?.(values);
  const look = lookOf(props);
  const { 'data-testid': testId, 'aria-label': ariaLabel, placeholder, ...box } = look;
  const disabled = props.disabled;
  const readOnly = props.readOnly;
  return (
    <PillsInput
      {...box}
      __staticSelector={kind}
      pointer={!searchable}
      __defaultRightSection={chevron}
      __clearSection={
        <ClearLook
          onClear={() => {
            onValues([]);
            props.onClear?.();
          }}
        />
      }
      __clearable={props.clearable && chosen.length > 0 && !disabled && !readOnly}
      __clearSectionMode={props.clearSectionMode}
      rightSectionPointerEvents={
        props.rightSectionPointerEvents || (kind === 'MultiSelect' ? 'none' : undefined)
      }
      wrapperProps={{ ...props.wrapperProps, ...use.wrapperHandlers }}
      {...use.pressHandlers}
    >
      <Pill.Group disabled={disabled}>
        {chosen.map((item) => (
          <Pill
            key={item}
            withRemoveButton={!readOnly}
            disabled={disabled}
            onRemove={() => onValues(chosen.filter((other) => other !== item))}
          >
            {labels.get(item) ?? item}
          </Pill>
        ))}
        <PillsInput.Field
          {...closedCombobox}
          ref={use.field}
          data-testid={testId}
          aria-label={ariaLabel}
          placeholder={placeholder}
          type={kind === 'MultiSelect' && !searchable && !placeholder ? 'hidden' : 'visible'}
          readOnly
          pointer={!searchable}
          value=""
          {...use.fieldHandlers}
        />
      </Pill.Group>
    </PillsInput>
  );
}

/**
 * Mantine's MultiSelect, loaded on the field's first use as `LazySelect` is: drawn closed meanwhile with the
 * chosen options as pills (each removable, as in the real field).
 */
export function LazyMultiSelect(props: MultiSelectProps) {
  const searchable = props.searchable === true;
  const use = useFirstUse(searchable, props);
  if (use.loaded) {
    const { MultiSelect } = use.loaded;
    return <MultiSelect {...props} {...use.realProps} />;
  }
  const chevron = (
    <ComboboxChevron size={props.size ?? 'sm'} error={props.error} color={props.chevronColor} />
  );
  return (
    <PillsLook
      kind="MultiSelect"
      props={props}
      labels={labelsOf(props.data)}
      searchable={searchable}
      chevron={chevron}
      use={use}
    />
  );
}

/** Mantine's TagsInput, loaded on the field's first use as `LazySelect` is: drawn meanwhile with its tags as pills. */
export function LazyTagsInput(props: TagsInputProps) {
  const use = useFirstUse(true, props);
  if (use.loaded) {
    const { TagsInput } = use.loaded;
    return <TagsInput {...props} {...use.realProps} />;
  }
  return <PillsLook kind="TagsInput" props={props} labels={new Map()} searchable chevron={null} use={use} />;
}
