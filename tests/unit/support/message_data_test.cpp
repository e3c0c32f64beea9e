// MessageData: a message's fields are named through MessageFieldId, whose names the schema
// (core/contract/json-document.json) gives, so the document writes the schema's field names.
#include <catch2/catch.hpp>

#include "support/Diagnostics.h"

using namespace tilesched;

TEST_CASE("a message field is written under the schema's name for its id", "[support][messages]") {
  const MessageData data =
      MessageData(MessageId::PinMissing).with(MessageFieldId::Missing, "stage").with(MessageFieldId::FirstPinLine, 7);
  REQUIRE(data.fields.size() == 2);
  CHECK(data.fields[0].name == "missing");
  CHECK(data.fields[0].text == "stage");
  CHECK_FALSE(data.fields[0].isNumber);
  CHECK(data.fields[1].name == "first_pin_line");
  CHECK(data.fields[1].number == 7);
  CHECK(data.fields[1].isNumber);
  CHECK(std::string(messageFieldName(MessageFieldId::TargetModel)) == "target_model");
}
