import type { FormInstance } from 'antd-mobile/es/components/form';
import { useEffect } from 'react';
import type { FieldIssue } from '#shared/envelope.ts';
import { fieldErrors } from './draft.ts';

/** Marks the fields the server refused (`data.issues`) on a step's form when it is shown. */
export function useIssues(form: FormInstance, issues: FieldIssue[], prefix: string | null): void {
  useEffect(() => {
    const fields = fieldErrors(issues, prefix);
    if (fields.length) form.setFields(fields);
  }, [form, issues, prefix]);
}
