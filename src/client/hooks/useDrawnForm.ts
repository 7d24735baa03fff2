import {
  get,
  // eslint-disable-next-line no-restricted-imports -- the one place that wraps it
  useForm,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * react-hook-form's `useForm`, whose registered fields carry their default values in the page
 * itself (`value`, `checked`, a select's chosen option): a page drawn before the app comes
 * (src/delivery/README.md) shows a member their own name, not an empty field, and a select its
 * placeholder, not its first choice; and a value changed before the app has the page is told
 * from the default (react-hook-form keeps a field edited before it registered it). Use it for
 * every form.
 */
export function useDrawnForm<T extends FieldValues>(props: UseFormProps<T>): UseFormReturn<T> {
  const form = useForm<T>(props);
  const register = (<N extends Path<T>>(name: N, options?: RegisterOptions<T, N>) => {
    const value: unknown = get(props.defaultValues, name);
    const drawn =
      typeof value === 'boolean'
        ? { defaultChecked: value }
        : typeof value === 'string' || typeof value === 'number'
          ? { defaultValue: value }
          : {};
    return { ...form.register(name, options), ...drawn };
  }) as UseFormReturn<T>['register'];
  return { ...form, register };
}
