export {
  Checkbox,
  type CheckboxProps,
  Radio,
  RadioGroup,
  type RadioGroupProps,
  type RadioProps,
} from './Choices.js';
export {
  Field,
  type FieldProps,
  Input,
  Select,
  type SelectOption,
  type SelectProps,
  Textarea,
  useFieldControl,
} from './Form.js';
