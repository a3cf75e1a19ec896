import type { FieldValues, Resolver } from 'react-hook-form';

/** What a form's resolver says about `values`: each refused field's message ({} when none is). */
export async function formErrors<Values extends FieldValues, Output>(
  resolver: Resolver<Values, unknown, Output>,
  values: Values,
): Promise<Record<string, string | undefined>> {
  const { errors } = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(errors).map(([name, error]) => [name, (error as { message?: string }).message]),
  );
}

/** What a submit hands on for `values` (the schema's output); throws when they are refused. */
export async function formOutput<Values extends FieldValues, Output>(
  resolver: Resolver<Values, unknown, Output>,
  values: Values,
): Promise<Output> {
  const result = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  if (Object.keys(result.errors).length > 0) throw new Error('the form refused the values');
  return result.values as Output;
}
