"""docs/class-server.md's Zero to JupyterHub settings (its `config.yaml`) checked against the
chart's own values schema, the way `helm install` checks them before it renders anything: the
chart's defaults (values.yaml) with the settings merged over them must validate against
values.schema.yaml. Both files are the chart's, from the version the docs install (vendored in
scripts/class/z2jh/ with the chart's licence; its README says how to update them). A misspelt
key, a setting in the wrong place or of the wrong type fails here, where no cluster is needed.
scripts/class_test.py checks the same settings against the Docker set-up's.

    .venv/bin/python scripts/kubernetes_config_test.py
"""

import copy
import re
from pathlib import Path

import jsonschema
import yaml

from checks import check, finish

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "class-server.md"
CHART = ROOT / "scripts" / "class" / "z2jh"


def docs_config():
    """The config.yaml that docs/class-server.md gives for Zero to JupyterHub, parsed."""
    doc = DOC.read_text()
    section = doc[doc.index("## A school or university: Zero to JupyterHub"):]
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    if not block:
        raise SystemExit(f"{DOC}: no ```yaml block in the Zero to JupyterHub section")
    return yaml.safe_load(block.group(1))


def docs_chart_version():
    """The chart version the docs' `helm upgrade` command installs."""
    found = re.search(r"helm upgrade .*?--version[ =](\S+)", DOC.read_text(), re.S)
    return found.group(1) if found else None


def vendored_chart_version():
    found = re.search(r"^Chart version: (\S+)$", (CHART / "README.md").read_text(), re.M)
    return found.group(1) if found else None


def merged(defaults, values):
    """Helm's merge of a user's values over a chart's defaults: maps merge key by key, anything
    else replaces the default, and a null removes it."""
    out = dict(defaults)
    for key, value in values.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def problems(validator, values):
    """What the schema says is wrong with VALUES, one line each, with the setting's path."""
    return sorted(
        f"{'.'.join(str(p) for p in error.absolute_path) or '(top)'}: {error.message}"
        for error in validator.iter_errors(values)
    )




def main():
    schema = yaml.safe_load((CHART / "values.schema.yaml").read_text())
    defaults = yaml.safe_load((CHART / "values.yaml").read_text())
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    config = docs_config()

    wanted, vendored = docs_chart_version(), vendored_chart_version()
    check(wanted is not None and wanted == vendored,
          f"the docs install the chart version whose schema is vendored (docs: {wanted}, vendored: {vendored})")
    found = problems(validator, defaults)
    check(not found, "the chart's own defaults pass its schema (the vendored files belong together)", "; ".join(found))
    found = problems(validator, merged(defaults, config))
    check(not found, "docs/class-server.md's config.yaml passes the chart's values schema", "; ".join(found))

    # The check can fail: the same settings with a misspelt key, and with a value of the wrong
    # type, must each be refused, naming the setting.
    misspelt = copy.deepcopy(config)
    misspelt["singleuser"]["storage"]["homeMountpath"] = misspelt["singleuser"]["storage"].pop("homeMountPath")
    found = problems(validator, merged(defaults, misspelt))
    check(any(line.startswith("singleuser.storage:") and "homeMountpath" in line for line in found),
          "... and the same settings with a misspelt key are refused, naming it", "; ".join(found))
    wrong_type = copy.deepcopy(config)
    wrong_type["cull"]["timeout"] = "an hour"
    found = problems(validator, merged(defaults, wrong_type))
    check(any(line.startswith("cull.timeout:") for line in found),
          "... and with a number given as words, refused too", "; ".join(found))

    finish("kubernetes config")


if __name__ == "__main__":
    main()
