import { Field, TextareaField, type ListOfErrors } from "~/components/forms";
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from "~/modules/groups/schemas";

/** A group's name and description: blank when creating one, its current words when the leader edits them. */
export function GroupDetailsFields({
  idPrefix,
  name,
  description,
  nameErrors,
}: {
  idPrefix: string;
  name?: string;
  description?: string | null;
  /** Why the form was refused (a blank name, or too many groups): shown under the name. */
  nameErrors?: ListOfErrors;
}) {
  return (
    <>
      <Field
        label="Name"
        errors={nameErrors}
        inputProps={{
          id: `${idPrefix}-name`,
          name: "name",
          required: true,
          maxLength: GROUP_NAME_MAX,
          defaultValue: name,
          placeholder: "e.g., Thursday Night Group",
        }}
      />
      <TextareaField
        label="Description (optional)"
        textareaProps={{
          id: `${idPrefix}-description`,
          name: "description",
          maxLength: GROUP_DESCRIPTION_MAX,
          rows: 2,
          defaultValue: description ?? undefined,
          placeholder: "When and where you meet",
        }}
      />
    </>
  );
}
