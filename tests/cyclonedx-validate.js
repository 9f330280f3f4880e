// SPDX-License-Identifier: GPL-2.0-only
//
// cyclonedx-validate.js FILE...: each FILE against the CycloneDX 1.6 JSON
// schema (bom-1.6, with the spdx and jsf schemas it refers to), through
// the validator the CycloneDX project maintains: the JsonStrictValidator
// of @cyclonedx/cyclonedx-library, on ajv with its format checks.
// scripts/deps.sh installs both into build/cyclonedx/ (NODE_PATH:
// build/cyclonedx/node_modules).  For tests/cyclonedx.sh.
//
// Prints "FILE: valid", or "FILE: invalid" and each error; exit 0 when
// every FILE is valid, 1 when one is not, 2 when the validator cannot run.
'use strict';
const fs = require('fs');

let cdx;
try {
	cdx = require('@cyclonedx/cyclonedx-library');
} catch (e) {
	console.log('cannot load @cyclonedx/cyclonedx-library: ' + e.message);
	process.exit(2);
}

(async () => {
	const v = new cdx.Validation.JsonStrictValidator(cdx.Spec.Version.v1dot6);
	let bad = 0;

	for (const f of process.argv.slice(2)) {
		let err;

		try {
			err = await v.validate(fs.readFileSync(f, 'utf8'));
		} catch (e) {
			// not JSON is invalid; a validator that cannot run is not
			if (e instanceof cdx.Validation.MissingOptionalDependencyError)
				throw e;
			err = [String(e.message || e)];
		}
		if (err === null) {
			console.log(f + ': valid');
			continue;
		}
		bad++;
		console.log(f + ': invalid');
		for (const e of [].concat(err).slice(0, 5))
			console.log('  ' + JSON.stringify(e));
	}
	process.exit(bad ? 1 : 0);
})().catch((e) => {
	console.log('the validator failed: ' + (e.message || e));
	process.exit(2);
});
