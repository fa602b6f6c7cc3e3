type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const nativeSetter = (field: Field, property: 'value' | 'checked') =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, property)?.set;

/** The value React rendered (it keeps `defaultValue`/`defaultChecked`/`defaultSelected` in step with its props). */
function renderedValue(field: Field): string {
  if (field instanceof HTMLSelectElement)
    return [...field.options].find((option) => option.defaultSelected)?.value ?? field.options[0]?.value ?? '';
  return field.defaultValue;
}

/**
 * Hands what a shopper typed into server-rendered fields, before the island hydrated, to React: React keeps the DOM
 * value while hydrating but its state still holds the server's value, and its next render would wipe the typing.
 * For each field whose live value differs, React's value tracker is set to the rendered value (through the element's
 * own property, which React watches) and the live value is put back through the native setter, then the event
 * React's onChange listens to is dispatched. Focus, caret and selection are restored afterwards.
 */
export function adoptLiveValues(root: ParentNode): void {
  const active = document.activeElement;
  const selection =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      ? { start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection }
      : undefined;
  for (const field of root.querySelectorAll<Field>('input, select, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      field.checked = field.defaultChecked;
      field.click();
      continue;
    }
    const live = field.value;
    const rendered = renderedValue(field);
    if (live === rendered) continue;
    if (field instanceof HTMLSelectElement) {
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    field.value = rendered;
    nativeSetter(field, 'value')?.call(field, live);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (active instanceof HTMLElement && root.contains(active)) {
    if (document.activeElement !== active) active.focus({ preventScroll: true });
    if (selection && selection.start !== null && selection.end !== null) {
      try {
        (active as HTMLInputElement).setSelectionRange(
          selection.start,
          selection.end,
          selection.direction ?? undefined,
        );
      } catch {
        // e-mail inputs have no selection API in some browsers; the caret then stays at the end, where typing goes on.
      }
    }
  }
}
