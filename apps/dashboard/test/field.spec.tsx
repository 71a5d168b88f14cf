import { render, screen } from '@testing-library/react';
import { Field } from '../src/components/field';

describe('Field', () => {
  it('labels its control and describes it by its hint', () => {
    render(
      <Field id="topic" label="Topic" hint="Up to 200 characters.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Topic');
    expect(input).toHaveAccessibleDescription('Up to 200 characters.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks its control invalid and describes it by the hint and the error', () => {
    render(
      <Field id="topic" label="Topic" hint="Up to 200 characters." error="Enter a topic.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Topic');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'topic-hint topic-error');
    expect(input).toHaveAccessibleDescription('Up to 200 characters. Enter a topic.');
  });

  it('has no description at all without a hint or an error', () => {
    render(
      <Field id="minutes" label="Minutes">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByLabelText('Minutes')).not.toHaveAttribute('aria-describedby');
  });
});
